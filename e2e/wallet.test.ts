import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { RECORD_COLUMNS, WALLET_MSG } from '@portal/domain/wallet';
import { transferReceiptPng } from '../apps/server/src/db/seed/wallet-proof-image';
import { startPortal, type Portal } from './harness';

// Issue #4 journey: a vendor tops up with a proof image, the operator confirms it in the console,
// the vendor sees the new balance and the record, and the export holds the rows of the screen.

let portal: Portal;
let downloads: string;
beforeAll(async () => {
  portal = await startPortal();
  downloads = mkdtempSync(join(tmpdir(), 'wallet-e2e-'));
});
afterAll(async () => {
  await portal?.close();
  rmSync(downloads, { recursive: true, force: true });
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('wallet');
});

const errorText = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });
const balanceFen = async () => Number((await portal.db.selectFrom('vendors').select('balance_fen').orderBy('id').executeTakeFirstOrThrow()).balance_fen);
const yuanText = (fen: number) => `¥ ${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function readXlsx(file: string): unknown[][] {
  const script = 'import json,sys,openpyxl\nws=openpyxl.load_workbook(sys.argv[1],read_only=True).worksheets[0]\nprint(json.dumps([list(r) for r in ws.iter_rows(values_only=True)],ensure_ascii=False,default=str))';
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file], { encoding: 'utf8' }));
}

describe('wallet journey', () => {
  let vendor: Page;
  let startFen: number;
  const amount = 1234;

  test('the vendor submits a top-up with a proof image', async () => {
    vendor = await portal.newPage();
    await portal.loginAsMain(vendor);
    startFen = await balanceFen();
    await vendor.goto('/#/manage/accountRecharge');
    await expect.poll(() => vendor.getByTestId('wallet-balance').innerText()).toBe(yuanText(startFen));
    await expect.poll(() => vendor.getByText('138****8000').isVisible()).toBe(true);
    await vendor.locator('.payment-qr canvas, .payment-qr img').first().waitFor();
    await portal.screenshot(vendor, 'wallet-recharge');

    // Nothing chosen: the spec's messages.
    await vendor.getByRole('button', { name: /^提\s*交$/ }).click();
    await expect.poll(() => errorText(vendor, MSG.rechargeAmountRequired).isVisible()).toBe(true);
    await expect.poll(() => errorText(vendor, MSG.proofRequired).isVisible()).toBe(true);

    // A preset, then custom clears it; a decimal is refused; a preset clears the custom amount.
    await vendor.getByRole('button', { name: '3000 元' }).click();
    await expect.poll(() => vendor.getByRole('button', { name: '3000 元' }).getAttribute('aria-pressed')).toBe('true');
    await vendor.getByRole('button', { name: '自定义' }).click();
    await expect.poll(() => vendor.getByRole('button', { name: '3000 元' }).getAttribute('aria-pressed')).toBe('false');
    await vendor.getByLabel('自定义充值金额').fill('12.5');
    await expect.poll(() => errorText(vendor, MSG.positiveInteger).isVisible()).toBe(true);
    await vendor.getByRole('button', { name: '500 元' }).click();
    expect(await vendor.getByLabel('自定义充值金额').count()).toBe(0);
    await vendor.getByRole('button', { name: '自定义' }).click();
    expect(await vendor.getByLabel('自定义充值金额').inputValue()).toBe('');
    await vendor.getByLabel('自定义充值金额').fill(String(amount));

    const uploaded = vendor.waitForResponse((r) => r.url().includes(API.uploadFile));
    await vendor.locator('.recharge-form input[type=file]').setInputFiles({ name: '转账回单.png', mimeType: 'image/png', buffer: transferReceiptPng() });
    expect((await (await uploaded).json()).code).toBe(200);
    await vendor.getByTestId('upload-item').waitFor();
    await vendor.getByPlaceholder('选填，如付款账户、转账时间等').fill('招商银行转账 尾号0088');
    await portal.screenshot(vendor, 'wallet-recharge-filled');

    const submitted = vendor.waitForResponse((r) => r.url().endsWith(API.recharge));
    await vendor.getByRole('button', { name: /^提\s*交$/ }).click();
    expect((await (await submitted).json()).code).toBe(200);
    await vendor.getByRole('button', { name: '再次充值' }).waitFor();
    await portal.screenshot(vendor, 'wallet-recharge-success');
    // Awaiting confirmation: the balance has not moved.
    expect(await balanceFen()).toBe(startFen);
  });

  test('the operator confirms it in the console', async () => {
    const op = await portal.newPage();
    await portal.loginAsOperator(op);
    await op.goto('/#/platform/recharges');
    const row = op.locator('.ant-table-row', { hasText: '1,234.00' });
    await row.waitFor();
    expect(await row.innerText()).toContain('华东智能家电制造有限公司');
    expect(await row.innerText()).toContain('招商银行转账 尾号0088');
    await expect.poll(() => row.locator('img.wallet-proof-thumb').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
    await portal.screenshot(op, 'wallet-console-recharges');
    await row.getByRole('button', { name: '确认到账' }).click();
    const confirmed = op.waitForResponse((r) => r.url().includes('/confirm'));
    await op.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    expect((await (await confirmed).json()).code).toBe(200);
    await op.locator('.ant-message-notice', { hasText: WALLET_MSG.confirmOk }).waitFor();
    await expect.poll(() => op.locator('.ant-table-row', { hasText: '1,234.00' }).count()).toBe(0);
    expect(await balanceFen()).toBe(startFen + amount * 100);

    await op.goto('/#/platform/vendors');
    const vendorRow = op.locator('.ant-table-row', { hasText: '华东智能家电制造有限公司' });
    await expect.poll(() => vendorRow.innerText()).toContain(yuanText(startFen + amount * 100).slice(2));
    await expect.poll(() => op.locator('.ant-spin-spinning').count()).toBe(0);
    await portal.screenshot(op, 'wallet-console-vendors');
    await vendorRow.getByRole('button', { name: '收支明细' }).click();
    await op.locator('.ant-drawer .ant-table-row').first().waitFor();
    await expect.poll(() => op.locator('.ant-drawer .ant-table-row').first().innerText()).toContain('+1,234.00');
    await portal.screenshot(op, 'wallet-console-vendor-ledger');
  });

  test('the vendor sees the new balance and the record, and the export matches the screen', async () => {
    await vendor.goto('/#/manage/account');
    await expect.poll(() => vendor.getByTestId('wallet-balance').innerText()).toBe(yuanText(startFen + amount * 100));
    const first = vendor.locator('.ant-table-row').first();
    await expect.poll(() => first.innerText()).toContain('+1,234.00');
    expect(await first.innerText()).toContain('已确认');
    expect(await first.innerText()).toContain('扫码');
    await portal.screenshot(vendor, 'wallet-account');

    const headers = await vendor.locator('.ant-table-thead th').allInnerTexts();
    expect(headers.map((h) => h.replace(/（元）$/, '').trim()).filter(Boolean)).toEqual(RECORD_COLUMNS.map((c) => c.title));
    const screenRows = await vendor.locator('.ant-table-row').evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );

    const download = vendor.waitForEvent('download');
    await vendor.getByRole('button', { name: /导\s*出$/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^收支明细\d{14}\.xlsx$/);
    const path = join(downloads, file.suggestedFilename());
    await file.saveAs(path);
    const sheet = readXlsx(path);
    expect(sheet[0]).toEqual(RECORD_COLUMNS.map((c) => c.title));
    const total = Number(/共 (\d+) 条/.exec(await vendor.locator('.ant-pagination-total-text').innerText())![1]);
    expect(sheet.length - 1).toBe(total);
    // Row by row, the sheet holds what the screen shows (amounts signed, money as numbers).
    screenRows.forEach((cells, i) => {
      const row = sheet[i + 1]!;
      const money = (text: string) => (text === '—' ? null : Number(text.replace(/[,+]/g, '')));
      expect(row[0] ?? '').toBe(cells[0] === '—' ? '' : cells[0]);
      expect(row[1]).toBe(cells[1]);
      expect(row[2]).toBe(cells[2]);
      expect(row[3]).toBe(money(cells[3]!));
      expect(row[4]).toBe(money(cells[4]!));
      expect(row[5]).toBe(cells[5]);
      expect(row[6]).toBe(cells[6]);
      expect(row[7]).toBe(cells[7]);
      expect(row[8]).toBe(cells[8]);
      expect(row[9] ?? '').toBe(cells[9]);
    });

    // A filter narrows both the table and the export.
    await vendor.locator('.wallet-filters .ant-select').nth(1).click();
    await vendor.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^充值$/ }).click();
    await vendor.getByRole('button', { name: /^筛\s*选$/ }).click();
    await expect.poll(async () => (await vendor.locator('.ant-table-row').allInnerTexts()).every((t) => t.includes('充值'))).toBe(true);
    const filteredTotal = Number(/共 (\d+) 条/.exec(await vendor.locator('.ant-pagination-total-text').innerText())![1]);
    // antd ignores clicks on a button still loading from the first export.
    await vendor.locator('.ant-btn-loading').waitFor({ state: 'detached' });
    const download2 = vendor.waitForEvent('download');
    await vendor.getByRole('button', { name: /导\s*出$/ }).click();
    const path2 = join(downloads, 'filtered.xlsx');
    await (await download2).saveAs(path2);
    const filtered = readXlsx(path2);
    expect(filtered.length - 1).toBe(filteredTotal);
    expect(filtered.slice(1).every((r) => r[1] === '充值')).toBe(true);
    await portal.screenshot(vendor, 'wallet-account-filtered');
  });
});

// Accounts review #4: on a laptop screen the short result replaced the long form while the window stayed
// scrolled down, so the merchant saw an empty card. The result is brought into view, with a toast.
describe('top-up result on a 1366x768 screen', () => {
  test('after 提交 the 提交成功 result is in view and a toast says so', async () => {
    const page = await portal.newPage({ width: 1366, height: 768 });
    await portal.loginAsMain(page);
    await page.goto('/#/manage/accountRecharge');
    await page.getByRole('button', { name: '500 元' }).click();
    const uploaded = page.waitForResponse((r) => r.url().includes(API.uploadFile));
    await page.locator('.recharge-form input[type=file]').setInputFiles({ name: '回单.png', mimeType: 'image/png', buffer: transferReceiptPng() });
    expect((await (await uploaded).json()).code).toBe(200);
    await page.getByTestId('upload-item').waitFor();
    const submit = page.getByRole('button', { name: /^提\s*交$/ });
    await submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const submitted = page.waitForResponse((r) => r.url().endsWith(API.recharge));
    await submit.click();
    expect((await (await submitted).json()).code).toBe(200);
    const title = page.locator('.ant-result-title', { hasText: MSG.submitOk });
    await title.waitFor();
    const inView = () => title.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    await expect.poll(inView).toBe(true);
    expect(await page.getByRole('button', { name: '再次充值' }).isVisible()).toBe(true);
    await page.locator('.ant-message-notice', { hasText: MSG.submitOk }).waitFor();
    await page.screenshot({ path: 'test-results/screens/wallet-recharge-success-1366.png' });
  });
});

