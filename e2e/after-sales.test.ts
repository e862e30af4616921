import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { transferReceiptPng } from '../apps/server/src/db/seed/wallet-proof-image';
import { startPortal, type Portal } from './harness';

// After-sales journey: the vendor applies for compensation on a completed demo order, the operator
// approves it in the console, the vendor sees it completed and the balance raised; a case under
// review is withdrawn; the gallery downloads a zip of the chosen pictures.

let portal: Portal;
let vendor: Page;
let operator: Page;
let downloads: string;
beforeAll(async () => {
  portal = await startPortal();
  downloads = mkdtempSync(join(tmpdir(), 'after-sales-e2e-'));
  vendor = await portal.newPage({ height: 1000 });
  operator = await portal.newPage();
  await portal.loginAsMain(vendor);
  await portal.loginAsOperator(operator);
});
afterAll(async () => {
  await portal?.close();
  rmSync(downloads, { recursive: true, force: true });
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('after-sales');
});

const errorText = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });
const balanceFen = async () => Number((await portal.db.selectFrom('vendors').select('balance_fen').orderBy('id').executeTakeFirstOrThrow()).balance_fen);
const tip = (page: Page) => page.getByTestId('after-sale-tip');

describe('after-sales journey', () => {
  let order: { id: number; order_no: string };
  let caseId: number;
  let startFen: number;

  test('the vendor applies for compensation on a completed order', async () => {
    order = await portal.db.selectFrom('orders').select(['id', 'order_no']).where('status', '=', 700).orderBy('completion_time', 'desc').executeTakeFirstOrThrow();
    startFen = await balanceFen();
    await vendor.goto(`/#/manage/orderDetail?id=${order.id}`);
    await vendor.locator('[data-action="afterSale"]').click();
    const dialog = vendor.locator('.ant-modal', { hasText: '申请售后' });
    await dialog.getByText(order.order_no).waitFor();

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => errorText(vendor, MSG.compensationRequired).isVisible()).toBe(true);
    await expect.poll(() => errorText(vendor, MSG.descriptionRequired).isVisible()).toBe(true);

    // A click can land while the dropdown is still opening and be lost: choose until the select shows it
    // (clicking a chosen option again would take it out of this multiple select).
    const reason = '师傅上门损坏客户财物';
    const chosen = dialog.locator('.ant-select', { hasText: reason });
    for (let i = 0; i < 3 && !(await chosen.count()); i++) {
      if (!(await vendor.locator('.ant-select-dropdown:visible').count())) await dialog.locator('.ant-select').click();
      await vendor.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: reason }).click();
      await chosen.waitFor({ timeout: 2000 }).catch(() => undefined);
    }
    // Close the dropdown by moving the focus on (rc-select closes on blur), not by a click: the open
    // dropdown can lie over whatever would be clicked, and the click then times out.
    await dialog.getByPlaceholder(MSG.compensationRequired).focus();
    await vendor.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await chosen.waitFor();
    await dialog.getByPlaceholder(MSG.compensationRequired).fill('12.5');
    await expect.poll(() => errorText(vendor, MSG.positiveInteger).isVisible()).toBe(true);
    await dialog.getByPlaceholder(MSG.compensationRequired).fill('66');
    await dialog.getByPlaceholder(MSG.descriptionRequired).fill('师傅搬运时碰坏了客户的鞋柜门，客户要求赔偿维修费。');
    const uploaded = vendor.waitForResponse((r) => r.url().includes(API.uploadFile));
    await dialog.locator('input[type=file]').setInputFiles({ name: '鞋柜.png', mimeType: 'image/png', buffer: transferReceiptPng() });
    expect((await (await uploaded).json()).code).toBe(200);
    await dialog.getByTestId('upload-item').waitFor();
    await portal.screenshot(vendor, 'after-sales-apply-dialog');

    const applied = vendor.waitForResponse((r) => r.url().endsWith(API.afterSaleApply));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const body = await (await applied).json();
    expect(body).toMatchObject({ code: 200, msg: MSG.addOk });
    caseId = body.data.id;
    await vendor.getByText(MSG.addOk).waitFor();
    const state = await portal.db.selectFrom('orders').select(['status', 'node']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(state).toEqual({ status: 900, node: 910 });
  });

  test('the list shows it and its detail says the platform is reviewing', async () => {
    await vendor.goto('/#/manage/afterSale');
    await vendor.getByTestId('after-sale-filters').waitFor();
    const row = vendor.locator(`tr[data-row-key="${caseId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(order.order_no);
    await portal.screenshot(vendor, 'after-sales-list');
    await row.click();
    await vendor.waitForURL((u) => u.hash.includes(`afterSaleDetail?id=${caseId}`));
    await expect.poll(() => tip(vendor).innerText()).toContain('平台审核中');
    expect(await vendor.locator('[data-action="withdraw"]').isVisible()).toBe(true);
    expect(await vendor.getByTestId('after-sale-money').innerText()).toBe('¥66.00');
  });

  test('the operator approves it in the console', async () => {
    await operator.goto('/#/platform/afterSales');
    await operator.locator('.ant-card-head-title', { hasText: '售后处理' }).waitFor();
    const row = operator.locator(`tr[data-row-key="${caseId}"]`);
    await row.waitFor();
    await portal.screenshot(operator, 'after-sales-console');
    await row.locator('[data-action="approve"]').click();
    const dialog = operator.locator('.ant-modal', { hasText: '审核通过' });
    await dialog.getByText('¥66.00').waitFor();
    const approved = operator.waitForResponse((r) => r.url().endsWith(PLATFORM_AFTER_SALE_API.approve(caseId)));
    await dialog.getByRole('button', { name: '确认通过' }).click();
    expect((await (await approved).json()).code).toBe(200);
  });

  test('the vendor sees it completed and the balance raised by exactly the amount', async () => {
    await vendor.reload();
    await expect.poll(() => tip(vendor).innerText()).toBe('审核通过，赔偿金额已转入账户余额');
    expect(await vendor.locator('[data-action="withdraw"]').count()).toBe(0);
    expect(await vendor.getByTestId('after-sale-detail').getAttribute('data-status')).toBe('2');
    expect((await balanceFen()) - startFen).toBe(6600);
    await portal.screenshot(vendor, 'after-sales-detail-completed');
    await vendor.goto('/#/manage/account');
    await vendor.locator('.ant-table-row', { hasText: order.order_no }).first().waitFor();
    expect(await vendor.locator('.ant-table-row', { hasText: order.order_no }).first().innerText()).toContain('订单赔偿');
  });

  test('a case under review is withdrawn after the confirmation', async () => {
    const reviewing = await portal.db.selectFrom('after_sales').select(['id', 'order_id']).where('check_status', '=', 0).executeTakeFirstOrThrow();
    await vendor.goto(`/#/manage/afterSaleDetail?id=${reviewing.id}`);
    // The detail settled first: a click on 确定 in CI once sent nothing (session 21), the page still loading.
    await vendor.waitForLoadState('networkidle');
    await vendor.locator('[data-action="withdraw"]').click();
    const ask = vendor.locator('.ant-modal-confirm:visible');
    await ask.getByText(MSG.confirmCancelAfterSale).waitFor();
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    await vendor.getByText(MSG.cancelOk).waitFor();
    await expect.poll(() => tip(vendor).innerText()).toBe('已撤回售后申请');
    const state = await portal.db.selectFrom('orders').select(['status']).where('id', '=', reviewing.order_id).executeTakeFirstOrThrow();
    expect(state.status).toBe(700);
  });
});

describe('gallery', () => {
  test('downloads a zip of the chosen original pictures', async () => {
    await vendor.goto('/#/manage/wanGongAlbum');
    const orders = vendor.getByTestId('gallery-order');
    await orders.first().waitFor();
    expect(await orders.count()).toBeGreaterThanOrEqual(2);
    const firstNo = (await orders.nth(0).getAttribute('data-order-no'))!;
    const secondNo = (await orders.nth(1).getAttribute('data-order-no'))!;
    const firstPics = await orders.nth(0).locator('.gallery-pic').count();
    await orders.nth(0).getByTestId('gallery-order-check').click();
    await orders.nth(1).getByTestId('gallery-pic-check').first().click();
    await expect.poll(() => vendor.getByTestId('gallery-selected').innerText()).toBe(`已选 ${firstPics + 1} 张`);
    await portal.screenshot(vendor, 'after-sales-gallery');

    // preview opens the shared viewer
    await orders.nth(0).locator('.gallery-pic img').first().click();
    await vendor.locator('.ant-image-preview').first().waitFor();
    await vendor.keyboard.press('Escape');

    const download = vendor.waitForEvent('download');
    await vendor.locator('[data-action="download"]').click();
    const file = join(downloads, 'gallery.zip');
    await (await download).saveAs(file);
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(entries).toHaveLength(firstPics + 1);
    expect(entries.filter((e) => e.startsWith(`${firstNo}/`))).toHaveLength(firstPics);
    expect(entries.filter((e) => e.startsWith(`${secondNo}/`))).toHaveLength(1);
    expect(entries.every((e) => e.endsWith('.png'))).toBe(true);
  });
});
