import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { startPortal, type Portal } from './harness';

// Notification centre journey (issue 19): the operator walks a paid order through its nodes (console
// API calls) while the vendor's order list stays open; the header bell counts up live, through the
// stream, at each event that needs the vendor; the drawer lists them newest first and opening one
// opens its order. Then the notification page with its filters, the order cards' timeliness and the
// home's 已超时 tile, and the console's targets.

let portal: Portal;
let vendor: Page;
let operator: Page;
beforeAll(async () => {
  portal = await startPortal();
  vendor = await portal.newPage({ height: 1000 });
  operator = await portal.newPage();
  await portal.loginAsMain(vendor);
  await portal.loginAsOperator(operator);
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('notifications');
});

/** A signed console call (the harness's). */
const call = (method: 'GET' | 'POST', path: string, body?: unknown) => portal.operatorCall(method, path, body);
const act = async (id: number, action: string, body: Record<string, unknown> = {}) => {
  const r = await call('POST', PLATFORM_ORDER_API.action(id, action as never), body);
  expect(r, action).toMatchObject({ code: 200 });
};
const bell = () => vendor.getByTestId('notification-bell');
const unread = async () => Number(await bell().getAttribute('data-unread'));

describe('notification centre journey', () => {
  let order: { id: number; order_no: string };

  test('the bell counts up live while the operator walks an order through its nodes; clicking opens the order', async () => {
    order = await portal.undispatchedOrder();
    await vendor.goto('/#/manage/order');
    await vendor.getByTestId('order-card').first().waitFor();
    // the stream is open (the bell says so once its first event arrived)
    await expect.poll(() => bell().getAttribute('data-live'), { timeout: 10_000 }).toBe('1');
    const start = await unread();

    const masters = await call('GET', PLATFORM_ORDER_API.masters);
    await act(order.id, 'dispatch', { masterId: masters.data[0].id });
    const steps: Array<[string, Record<string, unknown>, number]> = [
      ['accept', {}, 1],
      ['appointment', { doorTime: '2099-01-01 15:30:00' }, 1],
      ['checkIn', {}, 0],
      ['requestParts', { applyAccessories: '遥控器一个' }, 1],
    ];
    let expected = start;
    for (const [action, body, adds] of steps) {
      const at = Date.now();
      await act(order.id, action, body);
      expected += adds;
      // within 2 s of the node change, without reloading (the fallback poll is 10 s)
      await expect.poll(unread, { timeout: 2500, interval: 100 }).toBe(expected);
      if (adds) expect(Date.now() - at).toBeLessThan(2500);
    }
    expect(vendor.url()).toContain('#/manage/order');
    await portal.screenshot(vendor, 'notifications-bell');

    await bell().click();
    const drawer = vendor.getByTestId('notification-drawer');
    await drawer.waitFor();
    const first = drawer.locator('.notice-item').first();
    await expect.poll(() => first.getAttribute('data-type')).toBe('parts_requested');
    await expect.poll(() => first.textContent()).toContain(order.order_no);
    expect(await drawer.locator('.notice-item.is-unread').count()).toBeGreaterThanOrEqual(3);
    await portal.screenshot(vendor, 'notifications-drawer');
    await first.click();
    await vendor.waitForURL((u) => u.hash.includes(`orderDetail?id=${order.id}`));
    await vendor.getByText(order.order_no).first().waitFor();
    await expect.poll(unread).toBe(expected - 1);
  });

  test('the notification page filters by type and read state in the URL, and marks all read', async () => {
    await vendor.goto('/#/manage/notifications?type=appointment');
    const page = vendor.getByTestId('notification-page');
    await page.waitFor();
    await expect.poll(async () => (await page.locator('.notice-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))).every((t) => t === 'appointment')).toBe(true);
    await vendor.goto('/#/manage/notifications?read=0');
    await page.waitFor();
    await expect.poll(() => page.locator('.notice-item.is-unread').count()).toBeGreaterThan(0);
    expect(await page.locator('.notice-item:not(.is-unread)').count()).toBe(0);
    await portal.screenshot(vendor, 'notifications-page');
    await vendor.getByRole('button', { name: '全部标为已读' }).click();
    await expect.poll(unread).toBe(0);
  });

  test('the account screen keeps the per-type SMS choice', async () => {
    await vendor.goto('/#/manage/zhangHaoSafety');
    const prefs = vendor.getByTestId('notification-prefs');
    await prefs.waitFor();
    const sw = prefs.getByRole('switch', { name: '完工待确认短信通知' });
    const saved = vendor.waitForResponse((r) => r.url().endsWith(API.notificationPrefs) && r.request().method() === 'POST');
    await sw.click();
    expect((await (await saved).json()).code).toBe(200);
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    await portal.screenshot(vendor, 'notifications-prefs');
  });

  test('order cards show the countdown or 已超时, the list filters 已超时, the home shows the tile', async () => {
    await portal.db.updateTable('orders').set({ sla_due_at: new Date(Date.now() - 3600_000).toISOString() }).where('id', '=', order.id).execute();
    await vendor.goto('/#/manage/order/-1?sla=overdue');
    const card = vendor.locator(`[data-order-no="${order.order_no}"]`);
    await card.waitFor();
    await expect.poll(() => card.getByTestId('sla-tag').textContent()).toContain('已超时');
    const tags = await vendor.getByTestId('sla-tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-overdue')));
    expect(tags.every((t) => t === '1')).toBe(true);
    await portal.screenshot(vendor, 'notifications-order-list-overdue');
    await vendor.goto('/#/');
    const tile = vendor.getByTestId('overdue-tile');
    await tile.waitFor();
    await expect.poll(async () => Number(await tile.locator('.home-stats__num').textContent())).toBeGreaterThan(0);
    await portal.screenshot(vendor, 'notifications-home-tile');
  });

  test('the console edits the targets', async () => {
    await operator.goto('/#/platform/sla');
    await operator.getByLabel('接单时效').fill('3');
    const saved = operator.waitForResponse((r) => r.url().endsWith(PLATFORM_API.slaTargets) && r.request().method() === 'POST');
    await operator.getByRole('button', { name: /^保\s*存$/ }).click();
    expect((await (await saved).json()).data.acceptHours).toBe(3);
    await portal.screenshot(operator, 'notifications-console-sla');
    expect((await call('GET', PLATFORM_API.slaTargets)).data.acceptHours).toBe(3);
    expect(API.slaSummary).toBe('/api/app/sla/summary');
  });
});
