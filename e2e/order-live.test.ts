import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { startPortal, type Portal } from './harness';

// Issue 48 item 2 and decision 269: a node change from the console reaches the open order detail, its
// 预约与时效赔付 card, the list and the home's tiles live (the notification stream), without a reload —
// a change that raises no notification (上门签到) as well, by the stream's silent order.changed. A
// hidden tab catches up when the merchant comes back to it. Three pages of the same account, at
// 1440×900 and 1366×768.

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('order-live');
});

/** A signed console call (the harness's). */
const call = (method: 'GET' | 'POST', path: string, body?: unknown) => portal.operatorCall(method, path, body);
const act = async (id: number, action: string, body: Record<string, unknown> = {}) => expect(await call('POST', PLATFORM_ORDER_API.action(id, action as never), body), action).toMatchObject({ code: 200 });

/** Hides or shows the page's tab, as switching browser tabs does. */
const setTab = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

describe('an open order follows the console live', () => {
  test('detail, its appointment card, list and tiles follow every move live, one without a notification (上门签到) too; a hidden tab catches up on return', async () => {
    const order = await portal.undispatchedOrder();

    const detail = await portal.newPage();
    await portal.loginAsMain(detail);
    const list = await portal.newPage({ width: 1366, height: 768 });
    await portal.loginAsMain(list);
    const home = await portal.newPage({ width: 1366, height: 768 });
    await portal.loginAsMain(home);

    await detail.goto(`/#/manage/orderDetail?id=${order.id}`);
    const view = detail.getByTestId('order-detail');
    await expect.poll(() => view.getAttribute('data-status')).toBe('200');
    await detail.locator('[data-testid="order-detail"] [data-action="cancel"]').first().waitFor();
    await list.goto(`/#/manage/order?keyWords=${order.order_no}&status=-1`);
    const card = list.locator(`[data-order-no="${order.order_no}"]`);
    await expect.poll(() => card.innerText()).toContain('待接单');
    await home.goto('/#/');
    const pendingTile = home.getByTestId('tile-pendingOrder').locator('.home-stats__num');
    await expect.poll(async () => Number(await pendingTile.innerText())).toBeGreaterThan(0);
    const pendingBefore = Number(await pendingTile.innerText());
    for (const p of [detail, list, home]) await expect.poll(() => p.getByTestId('notification-bell').getAttribute('data-live'), { timeout: 10_000 }).toBe('1');
    await portal.screenshot(detail, 'order-live-before-1440');

    // The console dispatches and the master accepts (310 raises a notification): every page follows.
    const masters = await call('GET', PLATFORM_ORDER_API.masters);
    await act(order.id, 'dispatch', { masterId: masters.data[0].id });
    await act(order.id, 'accept');
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 5000, interval: 100 }).toBe('300');
    expect(await detail.locator('[data-testid="order-detail"] [data-action="cancel"]').count()).toBe(0);
    expect(await view.innerText()).toContain('待预约');
    await expect.poll(() => card.innerText(), { timeout: 5000, interval: 100 }).toContain('待预约');
    await expect.poll(async () => Number(await pendingTile.innerText()), { timeout: 5000, interval: 100 }).toBe(pendingBefore - 1);
    expect(detail.url()).toContain(`orderDetail?id=${order.id}`);
    await portal.screenshot(detail, 'order-live-accepted-1440');
    await portal.screenshot(list, 'order-live-list-1366');
    await portal.screenshot(home, 'order-live-tiles-1366');

    // The card reads again with the order: not booked yet, and the merchant may ask for another window.
    const appointment = detail.getByTestId('appointment-card');
    const ask = appointment.locator('[data-action="request-reschedule"]');
    await expect.poll(() => appointment.innerText()).toContain('尚未预约');
    expect(await ask.count()).toBe(1);

    // The console books the appointment: the card shows the window at once, as 上门时间 does.
    await act(order.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 5000, interval: 100 }).toBe('400');
    await expect.poll(() => appointment.getByTestId('appointment-window').innerText().catch(() => ''), { timeout: 5000, interval: 100 }).toBe('2099-01-01 14:00–16:00');
    await portal.screenshot(detail, 'order-live-booked-1440');

    // The master checks in, which raises no notification: the open detail follows all the same (施工中,
    // and 申请改约 is gone); the list, in a tab the merchant has left, catches up on coming back.
    await expect.poll(() => card.innerText()).toContain('待施工');
    await setTab(list, 'hidden');
    await act(order.id, 'checkIn');
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 5000, interval: 100 }).toBe('500');
    expect(await view.innerText()).toContain('施工中');
    await expect.poll(() => ask.count(), { timeout: 5000, interval: 100 }).toBe(0);
    expect(await appointment.getByTestId('appointment-window').innerText()).toBe('2099-01-01 14:00–16:00');
    await portal.screenshot(detail, 'order-live-checked-in-1440');
    await list.waitForTimeout(1500);
    expect(await card.innerText()).toContain('待施工');
    await setTab(list, 'visible');
    await expect.poll(() => card.innerText(), { timeout: 5000, interval: 100 }).toContain('施工中');
    await detail.setViewportSize({ width: 1366, height: 768 });
    await portal.screenshot(detail, 'order-live-checked-in-1366');
    await portal.screenshot(list, 'order-live-list-returned-1366');
  });

  test('nine tabs of one browser all load and follow the console; closing the tab that holds the stream hands it on (decision 301)', async () => {
    // An order the master has accepted (demo data; the test above took the one not dispatched).
    const main = await portal.db.selectFrom('users').select('vendor_id').where('phone', '=', '13800138000').executeTakeFirstOrThrow();
    const order = await portal.db.selectFrom('orders').select(['id']).where('vendor_id', '=', main.vendor_id).where('status', '=', 300).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const first = await portal.newPage({ width: 1366, height: 768 });
    await portal.loginAsMain(first);
    await first.goto('/#/manage/order');
    const tabs = [first];
    // A browser keeps 6 HTTP/1.1 connections to a host: a stream in each tab left the 7th unable to load.
    for (let i = 1; i < 9; i++) {
      const tab = await first.context().newPage();
      await tab.goto(i === 8 ? `/#/manage/orderDetail?id=${order.id}` : '/#/manage/order', { timeout: 15_000 });
      await tab.getByTestId('notification-bell').waitFor({ timeout: 15_000 });
      tabs.push(tab);
    }
    for (const tab of tabs) await expect.poll(() => tab.getByTestId('notification-bell').getAttribute('data-live'), { timeout: 10_000 }).toBe('1');
    const last = tabs.at(-1)!;
    const view = last.getByTestId('order-detail');
    await expect.poll(() => view.getAttribute('data-status')).toBe('300');

    await act(order.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 5000, interval: 100 }).toBe('400');

    // The first tab asked for the stream first and holds it: closed, another tab takes it over.
    await first.close();
    await expect.poll(() => last.getByTestId('notification-bell').getAttribute('data-live'), { timeout: 10_000 }).toBe('1');
    await act(order.id, 'checkIn');
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 10_000, interval: 100 }).toBe('500');
    await portal.screenshot(last, 'order-live-ninth-tab-1366');
  });
});
