import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { EXTRA_FEE_API, EXTRA_FEE_MSG, PLATFORM_EXTRA_FEE_API } from '@portal/domain/extra-fees';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { DEMO_LOGINS, startPortal, type Portal } from './harness';

// Issue 46 journey (first half): the console asks for ¥80 高空作业费 for the master → the merchant's
// bell → 同意 in the order detail → the balance, the ledger and the month's statement; then a cap of
// ¥100 set on 加价上限 and a ¥60 request the cap approves without the merchant.

let portal: Portal;
let vendor: Page;
let operator: Page;
let vendorId = 0;
beforeAll(async () => {
  portal = await startPortal();
  vendor = await portal.newPage({ height: 1000 });
  operator = await portal.newPage({ height: 1000 });
  await portal.loginAsMain(vendor);
  await portal.loginAsOperator(operator);
  vendorId = (await portal.db.selectFrom('users').select('vendor_id').where('phone', '=', DEMO_LOGINS.mainPhone).executeTakeFirstOrThrow()).vendor_id!;
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('extra-fees');
});

/** A signed console call (the harness's). */
const call = (method: 'GET' | 'POST', path: string, body?: unknown) => portal.operatorCall(method, path, body);
const act = async (id: number, action: string, body: Record<string, unknown> = {}) => expect(await call('POST', PLATFORM_ORDER_API.action(id, action as never), body), action).toMatchObject({ code: 200 });

/**
 * An order of the demo main account in service: one the demo left at 待施工/施工中/待配件, else a paid,
 * not yet dispatched one walked by the console to 施工中.
 */
async function orderInService(skip: number[] = []) {
  const base = () =>
    portal.db.selectFrom('orders').select(['id', 'order_no', 'status']).where('vendor_id', '=', vendorId).where('service_type', '<>', 5).where('id', 'not in', skip.length ? skip : [0])
      // the demo's own requests (db/seed/demo-extra-fees.ts) sit on orders of their own
      .where('id', 'not in', portal.db.selectFrom('extra_fees').select('order_id'));
  const serving = await base().where('status', 'in', [400, 500, 510]).orderBy('id', 'desc').executeTakeFirst();
  if (serving) return serving;
  const o = await base().where('status', '=', 200).where('node', 'in', [210, 240]).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const masters = await call('GET', PLATFORM_ORDER_API.masters);
  await act(o.id, 'dispatch', { masterId: masters.data[0].id });
  await act(o.id, 'accept');
  await act(o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  await act(o.id, 'checkIn');
  return o;
}
const pendingOrders = async () =>
  Number((await portal.db.selectFrom('extra_fees').select((eb) => eb.fn.count<number>('order_id').distinct().as('n')).where('vendor_id', '=', vendorId).where('status', '=', 0).executeTakeFirstOrThrow()).n);
const balanceFen = async () => Number((await portal.db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorId).executeTakeFirstOrThrow()).balance_fen);
const bell = () => vendor.getByTestId('notification-bell');
const unread = async () => Number(await bell().getAttribute('data-unread'));

/** The console opens the order, sees the cap, and asks for the master. */
async function consoleRequests(orderId: number, reason: string, amount: string, note: string) {
  await operator.goto(`/#/platform/orders/${orderId}`);
  const card = operator.getByTestId('platform-extra-fee-card');
  await card.waitFor();
  await card.locator('[data-action="request-extra-fee"]').click();
  const dialog = operator.getByRole('dialog', { name: '申请加价（代师傅）' });
  await dialog.waitFor();
  await dialog.getByLabel('加价原因').click();
  await operator.locator('.ant-select-dropdown:visible').getByTitle(reason).click();
  await dialog.getByLabel('加价金额（元）').fill(amount);
  await dialog.getByLabel('备注').fill(note);
  return dialog;
}
async function submit(dialog: ReturnType<Page['getByRole']>) {
  const answer = operator.waitForResponse((r) => r.url().endsWith(PLATFORM_EXTRA_FEE_API.ofOrder(r.url().split('/').pop()!)) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  return (await answer).json();
}

describe('extra fees journey', () => {
  let first: { id: number; order_no: string; status: number };

  test('the console asks ¥80 高空作业费 → the merchant’s bell → 同意 in the detail → balance, ledger and statement', async () => {
    first = await orderInService();
    await vendor.goto('/#/manage/order');
    await vendor.getByTestId('order-card').first().waitFor();
    await expect.poll(() => bell().getAttribute('data-live'), { timeout: 15_000 }).toBe('1');
    const before = await unread();

    const dialog = await consoleRequests(first.id, '高空作业费', '80', '外机位于6楼外墙，需吊绳作业');
    await expect.poll(() => dialog.getByTestId('extra-fee-dialog-cap').textContent()).toContain('未设置');
    await portal.screenshot(operator, 'extra-fees-console-dialog');
    const answer = await submit(dialog);
    expect(answer).toMatchObject({ code: 200, data: { status: 0 } });
    const consoleCard = operator.getByTestId('platform-extra-fee-card');
    await expect.poll(() => consoleCard.getByTestId('extra-fee-status').first().textContent(), { timeout: 10_000 }).toBe('待确认');
    await portal.screenshot(operator, 'extra-fees-console-requested');

    // the merchant's bell, live
    // (the timeliness sweep may add an 订单超时 of the demo's orders meanwhile: at least one more)
    await expect.poll(unread, { timeout: 10_000 }).toBeGreaterThan(before);
    await bell().click();
    const drawer = vendor.getByTestId('notification-drawer');
    await drawer.waitFor();
    const item = drawer.locator('.notice-item[data-type="extra_fee_requested"]').first();
    await item.waitFor();
    await expect.poll(() => item.textContent()).toContain('高空作业费 ¥80.00');
    await expect.poll(() => item.getAttribute('class')).toContain('is-unread');
    await portal.screenshot(vendor, 'extra-fees-bell');
    await vendor.keyboard.press('Escape');

    // the list's 待确认加价 chip and marker
    await vendor.goto('/#/manage/order/-1?extraFee=1');
    const row = vendor.locator(`[data-order-no="${first.order_no}"]`);
    await row.waitFor();
    await row.getByTestId('extra-fee-pending').waitFor();
    // The row and its marker are on the unfiltered list too: wait for the filtered answer to be drawn.
    await expect.poll(() => vendor.locator('[data-extra-fee="1"]').getAttribute('class')).toContain('checked');
    // this request's order and the demo's waiting one
    expect(await pendingOrders()).toBe(2);
    await expect.poll(() => vendor.getByTestId('order-card').count(), { timeout: 10_000 }).toBe(2);
    expect(await vendor.getByTestId('order-card').getByTestId('extra-fee-pending').count()).toBe(2);
    await portal.screenshot(vendor, 'extra-fees-list-filter');

    // approve in the detail
    await vendor.goto(`/#/manage/orderDetail?id=${first.id}`);
    const card = vendor.getByTestId('extra-fee-card');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('extra-fee-status').first().textContent()).toBe('待确认');
    await portal.screenshot(vendor, 'extra-fees-detail-pending');
    const balanceBefore = await balanceFen();
    await card.locator('[data-action="approve-extra-fee"]').click();
    const approved = vendor.waitForResponse((r) => r.url().endsWith(EXTRA_FEE_API.approve(answer.data.id)));
    await vendor.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    expect((await (await approved).json()).code).toBe(200);
    await expect.poll(() => card.getByTestId('extra-fee-status').first().textContent(), { timeout: 10_000 }).toBe('已通过');
    expect(await balanceFen()).toBe(balanceBefore - 8000);
    await portal.screenshot(vendor, 'extra-fees-detail-approved');

    // the ledger: a record of its own type
    await vendor.goto('/#/manage/account');
    const ledgerRow = vendor.locator('.ant-table-row', { hasText: first.order_no }).filter({ hasText: '服务加价' });
    await ledgerRow.first().waitFor({ timeout: 15_000 });
    expect(await ledgerRow.first().textContent()).toContain('80.00');
    await portal.screenshot(vendor, 'extra-fees-ledger');

    // the month's statement
    await vendor.goto('/#/manage/statement');
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date());
    const current = vendor.locator('.ant-table-row', { hasText: month }).first();
    await current.waitFor();
    await current.getByRole('button', { name: `查看${month}对账单明细` }).click();
    const statement = vendor.getByRole('dialog', { name: `${month} 对账单` });
    await expect.poll(() => statement.getByText('服务加价').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => statement.getByText('与账户流水一致').isVisible(), { timeout: 10_000 }).toBe(true);
    await portal.screenshot(vendor, 'extra-fees-statement');
    await vendor.keyboard.press('Escape');
  });

  test('a cap of ¥100 on 加价上限, then a ¥60 request approved without the merchant', async () => {
    const second = await orderInService([first.id]);
    const line = await portal.db
      .selectFrom('order_products as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['p.category_name_one', 'p.category_name_two', 'p.category_name', 'o.service_type'])
      .where('l.order_id', '=', second.id)
      .executeTakeFirstOrThrow();

    await vendor.goto('/#/manage/jiaJiaShangXian');
    const screen = vendor.getByTestId('extra-fee-caps');
    await screen.waitFor();
    await screen.locator('.ant-cascader').first().click();
    const menus = vendor.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
    // one top category: the cascader offers the two levels below it (else three). The tree is read from the
    // database: the drop-down's first menu, read while it opens, may not be drawn yet
    const tops = await portal.db.selectFrom('categories').select('id').where('type', '=', 1).where('parent_id', 'is', null).execute();
    const names = tops.length > 1 ? [line.category_name_one, line.category_name_two, line.category_name] : [line.category_name_two, line.category_name];
    for (const [i, name] of names.entries()) await menus.nth(i).getByTitle(name, { exact: true }).click();
    await screen.getByLabel('服务类型').click();
    await vendor.locator('.ant-select-dropdown:visible').getByTitle(line.service_type === 1 ? '安装' : line.service_type === 2 ? '维修' : line.service_type === 3 ? '清洗' : '调制/检测/定位/教学').click();
    await screen.getByLabel('每单上限').fill('100');
    const saved = vendor.waitForResponse((r) => r.url().endsWith(EXTRA_FEE_API.caps) && r.request().method() === 'POST');
    await screen.locator('[data-action="save-cap"]').click();
    expect((await (await saved).json())).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.capSaved });
    await screen.locator('.ant-table-row', { hasText: '¥100.00' }).first().waitFor();
    await screen.getByText('已删除').or(screen.locator('.ant-table-row', { hasText: '未设置' })).first().waitFor();
    await vendor.evaluate(() => window.scrollTo(0, 0));
    await portal.screenshot(vendor, 'extra-fees-caps');

    const balanceBefore = await balanceFen();
    const dialog = await consoleRequests(second.id, '远程费', '60', '超出服务范围15公里');
    await expect.poll(() => dialog.getByTestId('extra-fee-dialog-cap').textContent()).toContain('剩余 ¥100.00');
    await portal.screenshot(operator, 'extra-fees-console-cap');
    const answer = await submit(dialog);
    expect(answer).toMatchObject({ code: 200, data: { status: 1 } });
    const consoleCard = operator.getByTestId('platform-extra-fee-card');
    await expect.poll(() => consoleCard.getByTestId('extra-fee-status').first().textContent(), { timeout: 10_000 }).toBe('已通过');
    await expect.poll(() => consoleCard.getByTestId('extra-fee-left').textContent()).toBe('¥40.00');
    await portal.screenshot(operator, 'extra-fees-console-auto-approved');
    expect(await balanceFen()).toBe(balanceBefore - 6000);

    await vendor.goto(`/#/manage/orderDetail?id=${second.id}`);
    const card = vendor.getByTestId('extra-fee-card');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('extra-fee-status').first().textContent()).toBe('已通过');
    expect(await card.textContent()).toContain('加价上限内自动通过');
    expect(await card.locator('[data-action="approve-extra-fee"]').count()).toBe(0);
    await portal.screenshot(vendor, 'extra-fees-detail-auto-approved');
  });
});
