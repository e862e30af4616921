import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { APPOINTMENT_MSG } from '@portal/domain/appointments';
import { serviceType } from '@portal/domain/enums';
import { slaStageLabel } from '@portal/domain/sla';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { DEMO_LOGINS, startPortal, type Portal } from './harness';

// Issue 46, appointment windows and timeliness credit: the console records a failed booking with its
// reason, and the merchant finds the order under 预约失败 in the list and sees the reason in the
// detail; the console sets a credit rule, a stage goes overdue, the sweep (every second here) credits
// the merchant once, and the credit shows in 收支明细 and in the order's detail.

let portal: Portal;
let vendor: Page;
let operator: Page;
beforeAll(async () => {
  portal = await startPortal({ TIMELINESS_CREDIT_SWEEP_SECONDS: '1' });
  vendor = await portal.newPage({ height: 1000 });
  operator = await portal.newPage({ height: 1000 });
  await portal.loginAsMain(vendor);
  await portal.loginAsOperator(operator);
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('appointments');
});

/** A signed console call (the harness's). */
const call = (method: 'GET' | 'POST', path: string, body?: unknown) => portal.operatorCall(method, path, body);
const act = async (id: number, action: string, body: Record<string, unknown> = {}) => expect(await call('POST', PLATFORM_ORDER_API.action(id, action as never), body), action).toMatchObject({ code: 200 });

/** Picks the option `label` of the antd Select `testId` (its dropdown is rendered in the page's body). */
/** Picks `label` in the select; once more when the first click landed while the drop-down was still opening (a loaded host). */
async function choose(page: Page, testId: string, label: string) {
  const select = page.getByTestId(testId);
  const chosen = async () => (await select.innerText()).includes(label);
  for (let attempt = 0; attempt < 3 && !(await chosen()); attempt++) {
    await select.click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(200);
  }
  expect(await chosen(), `${testId}: ${label}`).toBe(true);
}

describe('appointment windows and timeliness credit journey', () => {
  /** The order the first test books: the demo's newest one waiting for a master (the harness's). */
  let booked: { id: number };

  test('a failed booking recorded in the console is found under 预约失败 with its reason', async () => {
    const o = await portal.undispatchedOrder();
    booked = o;
    const masters = await call('GET', PLATFORM_ORDER_API.masters);
    await act(o.id, 'dispatch', { masterId: masters.data[0].id });
    await act(o.id, 'accept');

    await operator.goto(`/#/platform/orders/${o.id}`);
    await operator.locator('[data-action="appointmentFailed"]').click();
    await choose(operator, 'fail-reason', '客户电话无人接听');
    await operator.getByLabel('说明').fill('上午、下午各拨打一次');
    await operator.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => operator.getByTestId('platform-order').getAttribute('data-node'), { timeout: 15_000 }).toBe('340');
    await expect.poll(() => operator.getByTestId('appointment-failure').innerText(), { timeout: 15_000 }).toContain('客户电话无人接听');
    await portal.screenshot(operator, 'appointments-console-failed');
    // the console's worklist: 预约失败 at every status
    await operator.goto('/#/platform/orders?appointment=failed');
    await expect.poll(() => operator.locator('.ant-table-row').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(o.order_no)]);
    await portal.screenshot(operator, 'appointments-console-list-failed');

    await vendor.goto('/#/manage/order');
    await vendor.getByTestId('order-card').first().waitFor();
    await vendor.locator('[data-appointment="failed"]').click();
    await expect.poll(() => vendor.getByTestId('order-card').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => vendor.getByTestId('order-card').first().getAttribute('data-order-no')).toBe(o.order_no);
    expect(vendor.url()).toContain('appointment=failed');
    await portal.screenshot(vendor, 'appointments-list-failed');

    await vendor.goto(`/#/manage/orderDetail?id=${o.id}`);
    await expect.poll(() => vendor.getByTestId('appointment-failure').innerText(), { timeout: 15_000 }).toContain('预约失败：客户电话无人接听（上午、下午各拨打一次）');
    await portal.screenshot(vendor, 'appointments-detail-failed');
  });

  test('the merchant asks for another window in the detail; the console’s next appointment answers it', async () => {
    const date = new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10);
    await vendor.goto(`/#/manage/orderDetail?id=${booked.id}`);
    const card = vendor.getByTestId('appointment-card');
    const ask = card.locator('[data-action="request-reschedule"]');
    await expect.poll(() => ask.innerText(), { timeout: 15_000 }).toBe('申请改约');
    await ask.click();
    const dialog = vendor.getByRole('dialog', { name: '申请改约' });
    await dialog.waitFor();
    // Nothing filled: the three refusals in Chinese, nothing sent.
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual([APPOINTMENT_MSG.rescheduleDateRequired, APPOINTMENT_MSG.rescheduleSlotRequired, APPOINTMENT_MSG.rescheduleReasonRequired]);
    // On a loaded host a typed date or a click on the drop-down can land before the control takes it (the
    // full run once sent nothing: the dialog stayed open): each is set again until the form holds it.
    const slot = dialog.locator('.ant-select-selection-item[title="下午（13:00–18:00）"]');
    for (let i = 0; i < 3; i++) {
      if ((await dialog.getByLabel('期望日期').inputValue()) !== date) {
        await dialog.getByLabel('期望日期').fill(date);
        await dialog.getByLabel('期望日期').press('Enter');
      }
      if (!(await slot.count())) {
        await dialog.getByLabel('期望时段').click();
        await vendor.locator('.ant-select-dropdown:visible .ant-select-item-option[title="下午（13:00–18:00）"]').click();
      }
      if ((await dialog.getByLabel('期望日期').inputValue()) === date && (await slot.count())) break;
    }
    await dialog.getByLabel('改约原因').fill('客户本周出差，周末在家');
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual([]);
    await portal.screenshot(vendor, 'appointments-reschedule-dialog');
    const sent = vendor.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/reschedule'));
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    expect(await (await sent).json()).toMatchObject({ code: 200 });
    await dialog.waitFor({ state: 'hidden' });
    const request = card.getByTestId('reschedule-request').first();
    await expect.poll(() => request.innerText(), { timeout: 15_000 }).toContain(`期望 ${date} 下午（13:00–18:00），原因：客户本周出差，周末在家`);
    expect(await request.getAttribute('data-state')).toBe('pending');
    await expect.poll(() => ask.innerText()).toBe('改约申请待处理');
    expect(await ask.isDisabled()).toBe(true);
    await portal.screenshot(vendor, 'appointments-reschedule-requested');

    await act(booked.id, 'appointment', { appointDate: date, appointSlot: 'pm' });
    await vendor.reload();
    await expect.poll(() => card.getByTestId('reschedule-request').first().getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    await expect.poll(() => card.getByTestId('appointment-window').innerText()).toContain(date);
  });

  test('an overdue stage is credited once and shown in 收支明细 and the order', async () => {
    // Another of the demo vendor's orders with a stage running against the platform.
    const o = await portal.db
      .selectFrom('orders')
      .select(['id', 'order_no', 'service_type', 'sla_stage'])
      .where('vendor_id', '=', (await portal.db.selectFrom('users').select('vendor_id').where('phone', '=', DEMO_LOGINS.mainPhone).executeTakeFirstOrThrow()).vendor_id)
      .where('sla_stage', 'is not', null)
      .where('urgent_flag', '=', 0)
      .where('id', '<>', booked.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const typeName = serviceType.label(o.service_type);
    await operator.goto('/#/platform/timelinessCredit');
    await choose(operator, 'rule-service', typeName);
    await choose(operator, 'rule-stage', slaStageLabel(o.sla_stage));
    await operator.getByPlaceholder('赔付金额').fill('20');
    await operator.getByRole('button', { name: /^保存规则$/ }).click();
    await expect.poll(() => operator.locator('.ant-table-row', { hasText: typeName }).first().innerText(), { timeout: 15_000 }).toContain('¥20.00');
    await portal.screenshot(operator, 'appointments-credit-rules');

    // The stage falls due a moment from now (after the rule existed, so the rule covers it); the
    // running server's sweep (every second) pays it.
    await portal.db.updateTable('orders').set({ sla_due_at: new Date(Date.now() + 1500).toISOString(), sla_breached: 0 }).where('id', '=', o.id).execute();
    const credited = () => portal.db.selectFrom('timeliness_credits').selectAll().where('order_id', '=', o.id).execute();
    await expect.poll(async () => (await credited()).length, { timeout: 30_000, interval: 500 }).toBe(1);
    await new Promise((r) => setTimeout(r, 2500)); // more rounds of the sweep: still one
    expect(await credited()).toHaveLength(1);

    await vendor.goto('/#/manage/account');
    const row = vendor.locator('.ant-table-row', { hasText: '时效赔付' }).first();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(o.order_no);
    await expect.poll(() => row.innerText()).toContain('20.00');
    await portal.screenshot(vendor, 'appointments-ledger-credit');

    await vendor.goto(`/#/manage/orderDetail?id=${o.id}`);
    await expect.poll(() => vendor.getByTestId('timeliness-credit').first().innerText(), { timeout: 15_000 }).toContain('+¥20.00');
    await portal.screenshot(vendor, 'appointments-detail-credit');
  });
});
