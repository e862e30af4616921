import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@portal/domain/messages';
import { INVOICE_MSG } from '@portal/domain/statements';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { simplePdf } from '../apps/server/src/db/seed/simple-pdf';
import { seedDemoLedgerOrder } from '../apps/server/src/db/seed/demo-ledger-order';
import { DEMO_LOGINS, startPortal, type Portal } from './harness';

// Issue 20 journey: the vendor opens a month's statement, exports and prints it, asks for an invoice
// of an ended month; the operator issues it with a PDF; the vendor downloads the PDF. The home shows
// the 12-month chart.

let portal: Portal;
let downloads: string;
beforeAll(async () => {
  portal = await startPortal();
  downloads = mkdtempSync(join(tmpdir(), 'statements-e2e-'));
  // The demo's history, 35 days further back: whatever today's date, ended months hold spend.
  const vendor = await portal.db.selectFrom('vendors').select('id').orderBy('id').executeTakeFirstOrThrow();
  const shift = (iso: string | null) => (iso ? new Date(Date.parse(iso) - 35 * 86_400_000).toISOString() : null);
  for (const r of await portal.db.selectFrom('account_records').select(['id', 'pay_time', 'confirmed_at']).where('vendor_id', '=', vendor.id).execute()) {
    await portal.db.updateTable('account_records').set({ pay_time: shift(r.pay_time)!, confirmed_at: shift(r.confirmed_at) }).where('id', '=', r.id).execute();
  }
  await seedDemoLedgerOrder({ db: portal.db, vendorId: vendor.id } as Parameters<typeof seedDemoLedgerOrder>[0]);
});
afterAll(async () => {
  await portal?.close();
  rmSync(downloads, { recursive: true, force: true });
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('statements');
});

function sheetNames(file: string): string[] {
  const script = 'import json,sys,openpyxl\nprint(json.dumps(openpyxl.load_workbook(sys.argv[1],read_only=True).sheetnames,ensure_ascii=False))';
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' }));
}

describe('statements and invoices journey', () => {
  let vendor: Page;
  let invoiceMonth = '';

  test('home shows 12 months of orders and spend', async () => {
    vendor = await portal.newPage();
    await portal.loginAsMain(vendor);
    const card = vendor.locator('.trend-card');
    await card.locator('svg').first().waitFor();
    await expect.poll(() => card.getByText('本月支出（元）').isVisible(), { timeout: 10_000 }).toBe(true);
    // The text alternative holds every month.
    expect(await card.locator('table.sr-only tbody tr').count()).toBe(12);
    await card.scrollIntoViewIfNeeded();
    await portal.screenshot(vendor, 'home-trend');
  });

  test('a closed month: details that add up, the workbook and the print view', async () => {
    await vendor.goto('/#/manage/statement');
    const closed = vendor.locator('.ant-table-row', { hasText: '已结账' }).first();
    await closed.waitFor();
    await expect.poll(() => vendor.getByText('不一致').count(), { timeout: 10_000 }).toBe(0);
    const month = (await closed.locator('td').first().innerText()).trim();
    await portal.screenshot(vendor, 'statement-list');

    await closed.getByRole('button', { name: `查看${month}对账单明细` }).click();
    const drawer = vendor.getByRole('dialog', { name: `${month} 对账单` });
    await expect.poll(() => drawer.getByText('与账户流水一致').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('支出明细').isVisible(), { timeout: 10_000 }).toBe(true);
    await portal.screenshot(vendor, 'statement-detail');
    await vendor.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible(), { timeout: 10_000 }).toBe(false);

    const download = vendor.waitForEvent('download');
    await closed.getByRole('button', { name: `导出${month}对账单` }).click();
    const file = join(downloads, 'statement.xlsx');
    const d = await download;
    expect(d.suggestedFilename()).toBe(`月度对账单${month}.xlsx`);
    await d.saveAs(file);
    expect(sheetNames(file)).toEqual(['汇总', '流水明细', '支付订单']);

    await closed.getByRole('button', { name: `打印${month}对账单` }).click();
    await vendor.getByRole('heading', { name: `月度对账单 ${month}` }).waitFor();
    await vendor.getByText('与账户流水一致').waitFor();
    await vendor.emulateMedia({ media: 'print' });
    expect(await vendor.locator('.site-header').isVisible()).toBe(false);
    await portal.screenshot(vendor, 'statement-print');
    await vendor.emulateMedia({ media: 'screen' });
  });

  test('the vendor asks for an invoice of an ended month', async () => {
    await vendor.goto('/#/manage/invoice');
    await vendor.getByRole('button', { name: '申请开票' }).click();
    const dialog = vendor.getByRole('dialog');
    const month = dialog.locator('.invoice-months .ant-checkbox-wrapper:not(.ant-checkbox-wrapper-disabled)').first();
    await month.waitFor();
    invoiceMonth = (await month.innerText()).slice(0, 7);
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => dialog.getByText(INVOICE_MSG.titleRequired).isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog.getByLabel('发票抬头').fill('华东智能家电制造有限公司');
    await dialog.getByLabel('纳税人识别号').fill('91310000MA1FL0AB1C');
    await dialog.getByLabel('接收邮箱').fill('finance@example.com');
    await month.click();
    await portal.screenshot(vendor, 'invoice-apply');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => vendor.getByText(INVOICE_MSG.applyOk).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => vendor.locator('.ant-table-row', { hasText: `${invoiceMonth} 月` }).getByText('已申请').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  test('the operator issues it with a PDF, and the vendor downloads it', async () => {
    const op = await portal.newPage();
    await portal.loginAsOperator(op);
    await op.goto('/#/platform/invoices');
    const row = op.locator('.ant-table-row', { hasText: `${invoiceMonth} 月` });
    await row.getByRole('button', { name: '开票' }).click();
    const dialog = op.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: simplePdf(['Invoice FP-2026']) });
    await expect.poll(() => dialog.locator('a', { hasText: '.pdf' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await portal.screenshot(op, 'console-invoice-issue');
    await dialog.getByRole('button', { name: '确认开票' }).click();
    await expect.poll(() => op.getByText(INVOICE_MSG.issueOk).isVisible(), { timeout: 10_000 }).toBe(true);

    await vendor.reload();
    const mine = vendor.locator('.ant-table-row', { hasText: `${invoiceMonth} 月` });
    await expect.poll(() => mine.getByText('已开票').isVisible(), { timeout: 10_000 }).toBe(true);
    const href = await mine.getByRole('link', { name: /下载发票/ }).getAttribute('href');
    const res = await vendor.request.get(new URL(href!, portal.baseUrl).toString());
    expect(res.status()).toBe(200);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await portal.screenshot(vendor, 'invoice-issued');
  });

  // Decision 273: 申请开票 is a button of its own; a clerk with only 收支明细 is not offered it, and one
  // whose orders are 本人数据 invoices its own orders, not months.
  test('a sub-account without 申请开票 is not offered it; with it and 本人数据, only by its own orders', async () => {
    const main = await portal.db.selectFrom('users').select('vendor_id').where('phone', '=', DEMO_LOGINS.mainPhone).executeTakeFirstOrThrow();
    const user = await portal.db
      .insertInto('users')
      .values({ vendor_id: main.vendor_id, is_sub: 1, account: 'kaipiao', name: '王会计', password_hash: await hashPassword(DEMO_LOGINS.password), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grant = (menu_id: number, data_permissions = 0) => portal.db.insertInto('user_menus').values({ user_id: user.id, menu_id, vendor_id: main.vendor_id, data_permissions }).execute();
    await grant(2);
    await grant(21);
    await grant(1);
    await grant(12, 1);

    const clerk = await portal.newPage({ width: 1366, height: 768 });
    await portal.loginAsSub(clerk, 'kaipiao');
    await clerk.goto('/#/manage/invoice');
    await clerk.locator('.ant-table').first().waitFor();
    await expect.poll(() => clerk.getByText(`${invoiceMonth} 月`).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await clerk.getByRole('button', { name: '申请开票' }).count()).toBe(0);
    await portal.screenshot(clerk, 'invoice-view-only-sub');

    await grant(211);
    await clerk.reload();
    await clerk.getByRole('button', { name: '申请开票' }).click();
    const dialog = clerk.getByRole('dialog');
    await expect.poll(() => dialog.getByText(MSG.invoiceOwnOrdersOnly).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.locator('.invoice-months').isVisible()).toBe(false);
    await dialog.getByLabel('发票抬头').fill('华东智能家电制造有限公司');
    await dialog.getByLabel('纳税人识别号').fill('91310000MA1FL0AB1C');
    await dialog.getByLabel('接收邮箱').fill('finance@example.com');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => dialog.getByText(INVOICE_MSG.selectionRequired).isVisible(), { timeout: 10_000 }).toBe(true);
    // An order of the main account's is not the clerk's to invoice.
    const other = await portal.db.selectFrom('orders').select('order_no').where('vendor_id', '=', main.vendor_id).where('pay_time', 'is not', null).where('created_by', '!=', user.id).executeTakeFirstOrThrow();
    await dialog.getByLabel(/按订单开票/).fill(other.order_no);
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => clerk.getByText(INVOICE_MSG.ordersNotFound).isVisible(), { timeout: 10_000 }).toBe(true);
    await portal.screenshot(clerk, 'invoice-own-orders-sub');
  });
});
