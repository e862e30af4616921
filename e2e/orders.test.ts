import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PROGRESS_TITLES } from '@portal/domain/orders';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { startPortal, type Portal } from './harness';

// Issue #6 journeys: an in-warranty order with two products, a surcharge, urgent and a logistics
// row, customer by address recognition; the server's total; payment from the balance; the operator
// dispatches and walks it to completion in the console while the vendor sees every status and the
// progress bar; the home tiles count it. Then an out-of-warranty order that skips payment.

let portal: Portal;
let vendor: Page;
let operator: Page;
beforeAll(async () => {
  // A keyword's total is counted up to 1 here, so the pager's 共 1+ 条 is seen (decision 132).
  portal = await startPortal({ ORDER_TOTAL_BOUND: '1' });
  vendor = await portal.newPage({ height: 1000 });
  operator = await portal.newPage();
  await portal.loginAsMain(vendor);
  await portal.loginAsOperator(operator);
});
afterAll(async () => {
  await portal?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('orders');
});

const ADDRESS_TEXT = '收货人：王小明 手机：13911112222 浙江省杭州市西湖区文三路90号东部软件园3号楼';

/** The number on a home statistic tile, once the statistics answer is on screen. */
async function tileCount(page: Page, label: string) {
  const answer = page.waitForResponse((r) => r.url().includes(API.orderStatistics));
  // A fresh document each time (the query string changes), so exactly one statistics call answers.
  await page.goto(`/?visit=${Date.now()}#/`);
  const stats = ((await (await answer).json()) as { data: Record<string, number> }).data;
  const tile = page.locator('.home-stats__tile', { hasText: label }).locator('.home-stats__num');
  const total = Object.values(stats).reduce((a, b) => a + b, 0);
  if (total > 0) await expect.poll(async () => Number(await page.locator('.home-stats__num').evaluateAll((els) => els.reduce((a, e) => a + Number(e.textContent), 0)))).toBeGreaterThan(0);
  return Number(await tile.innerText());
}

async function chooseProduct(page: Page, line: number, model: string) {
  const select = page.getByTestId('product-line').nth(line).locator('.ant-select').first();
  await select.click();
  await page.keyboard.type(model);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: model }).first().click();
}

/** Clicks through the confirmations the submit may raise (phone warning, not located). */
async function submitOrder(page: Page) {
  const added = page.waitForResponse((r) => r.url().endsWith(API.orderAdd));
  await page.getByRole('button', { name: '提交订单' }).click();
  for (;;) {
    const confirm = page.locator('.ant-modal-confirm:visible');
    const done = await Promise.race([added.then(() => 'added'), confirm.waitFor({ timeout: 15_000 }).then(() => 'confirm')]);
    if (done === 'added') break;
    await confirm.getByRole('button', { name: /确\s*定|继续提交/ }).click();
    await confirm.waitFor({ state: 'hidden' });
  }
  const json = (await (await added).json()) as { code: number; data: number };
  expect(json.code).toBe(200);
  return json.data;
}

/** The vendor's detail screen: the displayed status, and the progress step in progress (or -1). */
async function vendorSees(id: number) {
  const answer = vendor.waitForResponse((r) => r.url().endsWith(API.order(id)));
  await vendor.goto(`/?visit=${Date.now()}#/manage/orderDetail?id=${id}`);
  await answer;
  const detail = vendor.getByTestId('order-detail');
  await detail.waitFor();
  const steps = vendor.locator('.order-progress .ant-steps-item');
  const finished = await vendor.locator('.order-progress .ant-steps-item-finish').count();
  const active = await vendor.locator('.order-progress .ant-steps-item-process .ant-steps-item-title').allInnerTexts();
  return { status: Number(await detail.getAttribute('data-status')), finished, active: active.join(''), steps: await steps.count() };
}

/** In the console: one move for the master, through its dialog. */
async function operatorDoes(id: number, label: string, fill?: (dialog: ReturnType<Page['locator']>) => Promise<void>) {
  await operator.goto(`/?visit=${Date.now()}#/platform/orders/${id}`);
  // antd spaces out two-character button texts (派 单).
  const button = operator.getByRole('button', { name: new RegExp(`^${[...label].join('\\s*')}$`) });
  await button.waitFor();
  await button.click();
  const dialog = operator.locator('.ant-modal:visible').last();
  await dialog.waitFor();
  if (fill) await fill(dialog);
  const moved = operator.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/platform/orders/'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const json = (await (await moved).json()) as { code: number; msg: string };
  expect(json.code, json.msg).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
}

describe('orders journey', () => {
  let orderId = 0;
  let completedBefore = 0;
  let unpaidBefore = 0;

  test('home tiles and the quick-order grid are there before ordering', async () => {
    completedBefore = await tileCount(vendor, '已完成');
    unpaidBefore = await tileCount(vendor, '待付款');
    await portal.screenshot(vendor, 'orders-home');
    // A quick-order tile: hover shows category (model) and service × number; click prefills the form.
    const tile = vendor.locator('.quick-grid__tile').first();
    await tile.hover();
    await vendor.locator('.ant-popover:visible', { hasText: ' x ' }).waitFor();
    await tile.click();
    await vendor.waitForURL((u) => u.hash.includes('type=quicklyOrder'));
    const line = vendor.getByTestId('product-line').first();
    await expect.poll(() => line.locator('.ant-select-content, .ant-select-selection-item').first().innerText()).not.toBe('');
    await expect.poll(() => vendor.getByTestId('create-total').innerText()).not.toBe('￥0.00');
  });

  test('create an in-warranty order: two products, a surcharge, urgent, logistics, address recognition', async () => {
    await vendor.goto('/#/orderCreate');
    await vendor.getByTestId('order-create').waitFor();
    await vendor.getByRole('radio', { name: '安装' }).check();
    await chooseProduct(vendor, 0, 'KFR-35GW');
    await vendor.getByRole('button', { name: '添加产品' }).click();
    await chooseProduct(vendor, 1, 'JSQ30-16WT');
    await vendor.getByTestId('product-line').nth(1).getByRole('spinbutton').fill('2');

    const first = vendor.getByTestId('product-line').first();
    await first.getByRole('button', { name: '添加附加费' }).click();
    await first.getByPlaceholder('费用名称').fill('高空作业费');
    await first.getByPlaceholder('单价（正整数）').fill('50');

    // Address recognition: empty text first, then a pasted address.
    await vendor.getByRole('button', { name: /识\s*别/ }).click();
    await vendor.locator('.ant-message-notice', { hasText: '识别地址不能为空' }).waitFor();
    await vendor.getByTestId('address-text').fill(ADDRESS_TEXT);
    const resolved = vendor.waitForResponse((r) => r.url().includes('/api/common/maintain/area/resolution/'));
    await vendor.getByRole('button', { name: /识\s*别/ }).click();
    await resolved;
    await expect.poll(() => vendor.getByPlaceholder('请输入客户手机号码').inputValue()).toBe('13911112222');
    expect(await vendor.getByPlaceholder('请输入客户姓名').inputValue()).toBe('王小明');
    expect(await vendor.locator('.ant-cascader').first().innerText()).toContain('西湖区');

    await vendor.getByTestId('urgent-flag').check();
    await vendor.getByTestId('urgent-price').fill('30');

    await vendor.getByRole('button', { name: '添加物流' }).click();
    const row = vendor.getByTestId('logistics-row').first();
    // An incomplete row is refused with the spec's message.
    await row.getByPlaceholder('快递单号').fill('SF1234567890');
    await vendor.getByRole('button', { name: '提交订单' }).click();
    await vendor.locator('.ant-message-notice', { hasText: '物流信息未填写完整' }).waitFor();
    await row.locator('.ant-select').first().click();
    await vendor.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await row.getByPlaceholder('快递公司').fill('顺丰速运');
    await vendor.getByRole('button', { name: '提交订单' }).click();
    await vendor.locator('.ant-message-notice', { hasText: '物流信息未填写完整' }).last().waitFor();
    await row.getByPlaceholder('收件人手机号').fill('13911112222');

    const shownTotal = (await vendor.getByTestId('create-total').innerText()).replace(/[^\d.]/g, '');
    await portal.screenshot(vendor, 'orders-create');
    orderId = await submitOrder(vendor);
    await vendor.waitForURL((u) => u.hash.startsWith(`#/orderPay?id=${orderId}`));

    // The server priced it: 150 + 180×2 + 50 + 30 urgent, minus the multi-product discount.
    const stored = await portal.db.selectFrom('orders').select(['total_fen', 'status', 'urgent_flag']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(stored.status).toBe(100);
    expect((Number(stored.total_fen) / 100).toFixed(2)).toBe(shownTotal);
    await expect.poll(() => vendor.getByTestId('pay-total').innerText()).toContain(shownTotal);
    const logistics = await portal.db.selectFrom('order_logistics').selectAll().where('order_id', '=', orderId).execute();
    expect(logistics.map((l) => [l.courier_company, l.courier_num, l.phone])).toEqual([['顺丰速运', 'SF1234567890', '13911112222']]);
  });

  test('the unpaid order is counted and shows the banner, then is paid from the balance', async () => {
    expect(await tileCount(vendor, '待付款')).toBe(unpaidBefore + 1);
    let seen = await vendorSees(orderId);
    expect(seen.status).toBe(100);
    expect(seen.active).toBe(PROGRESS_TITLES[1]);
    await vendor.getByText('您的订单未付款，请尽快付款!').waitFor();

    await vendor.goto(`/#/orderPay?id=${orderId}`);
    await vendor.getByTestId('order-pay').waitFor();
    await expect.poll(() => vendor.getByText('微信支付（暂未开通）').locator('xpath=ancestor::label').getAttribute('class')).toContain('disabled');
    await portal.screenshot(vendor, 'orders-pay');
    const before = Number((await portal.db.selectFrom('vendors').select('balance_fen').orderBy('id').executeTakeFirstOrThrow()).balance_fen);
    await vendor.getByRole('button', { name: /确认支付/ }).click();
    await vendor.getByText('支付成功').waitFor();
    const after = Number((await portal.db.selectFrom('vendors').select('balance_fen').orderBy('id').executeTakeFirstOrThrow()).balance_fen);
    const total = Number((await portal.db.selectFrom('orders').select('total_fen').where('id', '=', orderId).executeTakeFirstOrThrow()).total_fen);
    expect(before - after).toBe(total);

    seen = await vendorSees(orderId);
    expect(seen.status).toBe(200);
    expect(seen.active).toBe(PROGRESS_TITLES[2]);
  });

  test('the operator dispatches and walks the order to completion; the vendor sees every status', async () => {
    await operatorDoes(orderId, '派单', async (dialog) => {
      await dialog.locator('.ant-table-row').first().click();
    });
    expect((await vendorSees(orderId)).status).toBe(200);

    await operatorDoes(orderId, '师傅接单');
    let seen = await vendorSees(orderId);
    expect(seen.status).toBe(300);
    expect(seen.finished).toBe(3);

    await operatorDoes(orderId, '预约上门');
    expect((await vendorSees(orderId)).status).toBe(400);

    await operatorDoes(orderId, '上门签到');
    seen = await vendorSees(orderId);
    expect(seen.status).toBe(500);
    expect(seen.active).toBe(PROGRESS_TITLES[3]);

    // The master asks the customer for the visit code their page shows (issue 47).
    const { code } = await portal.db.selectFrom('visit_codes').select('code').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    await operatorDoes(orderId, '完工申请', async (dialog) => {
      await dialog.getByLabel('客户核销码').fill(code);
    });
    seen = await vendorSees(orderId);
    expect(seen.status).toBe(600);
    expect(seen.active).toBe(PROGRESS_TITLES[4]);
    await vendor.getByText('完工申请').first().waitFor();
    await portal.screenshot(vendor, 'orders-detail');

    // The vendor confirms completion from the detail screen.
    await vendor.getByRole('button', { name: '确认完工' }).click();
    const confirm = vendor.locator('.ant-modal-confirm:visible');
    await confirm.getByText('是否确认已经完工？').waitFor();
    const done = vendor.waitForResponse((r) => r.url().endsWith(API.orderConfirmation(orderId)));
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    expect(((await (await done).json()) as { code: number }).code).toBe(200);
    seen = await vendorSees(orderId);
    expect(seen.status).toBe(700);
    expect(seen.finished).toBe(6);

    expect(await tileCount(vendor, '已完成')).toBe(completedBefore + 1);
  });

  test('the list shows the order under its status with its actions', async () => {
    await vendor.goto('/#/manage/order/700');
    const card = vendor.locator('[data-testid=order-card]').first();
    await card.waitFor();
    expect(await card.innerText()).toContain('已完成');
    expect(await vendor.locator('[data-testid=order-card]').count()).toBeGreaterThan(0);
    await vendor.goto('/#/manage/order');
    await vendor.locator('[data-testid=order-card]').first().waitFor();
    // The cards' product pictures load: the list's stored rows carry signed file URLs too (decision
    // 193). A picture refused by /files falls back to the logo and leaves no /files/ image behind.
    const pictures = vendor.locator('[data-testid=order-card] .order-card__product img[src*="/files/"]');
    await expect.poll(() => pictures.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length), { timeout: 10_000 }).toBeGreaterThan(0);
    await portal.screenshot(vendor, 'orders-list');
    // Batch cancel with nothing checked warns.
    await vendor.getByRole('button', { name: '批量取消' }).click();
    await vendor.locator('.ant-message-notice', { hasText: '请勾选需要取消的订单' }).waitFor();
  });

  test('keyword search finds orders by model and by customer name, whatever the case, and says when nothing matches', async () => {
    await vendor.goto(`/?visit=${Date.now()}#/manage/order`);
    await vendor.locator('[data-testid=order-card]').first().waitFor();
    const box = vendor.getByPlaceholder('客户姓名/电话/订单编号/产品名称/备注');
    const searched = async (keyword: string) => {
      const answered = vendor.waitForResponse((r) => r.url().includes(API.orderList) && r.url().includes(`keyWords=${encodeURIComponent(keyword)}`));
      await box.fill(keyword);
      await box.press('Enter');
      const body = (await (await answered).json()) as { total: number; totalBounded?: boolean; rows: Array<{ id: number }> };
      await expect.poll(() => vendor.locator('[data-testid=order-card]').count()).toBe(body.rows.length);
      return body;
    };
    const byModel = await searched('kfr-35gw');
    // More matches than the bound: total 1, flagged, and the pager says 共 1+ 条 (decision 132).
    expect(byModel.rows.length).toBeGreaterThan(1);
    expect(byModel).toMatchObject({ total: 1, totalBounded: true });
    await expect.poll(() => vendor.locator('.ant-pagination-total-text').innerText()).toBe('共 1+ 条');
    for (const text of await vendor.locator('[data-testid=order-card]').allInnerTexts()) expect(text.toUpperCase()).toContain('KFR-35GW');
    await portal.screenshot(vendor, 'orders-list-keyword');
    const someone = (await portal.db.selectFrom('orders').select('real_name').where('id', '=', byModel.rows[0]!.id).executeTakeFirstOrThrow()).real_name;
    const byName = await searched(someone);
    expect(byName.rows.map((r) => r.id)).toContain(byModel.rows[0]!.id);
    for (const text of await vendor.locator('[data-testid=order-card]').allInnerTexts()) expect(text).toContain(someone);
    const none = await searched('没有这样的订单');
    expect(none.total).toBe(0);
    expect(none).not.toHaveProperty('totalBounded');
    await vendor.locator('.ant-empty-description', { hasText: MSG.emptyList }).waitFor();
    await box.fill('');
    await box.press('Enter');
  });

  test('per-order dialogs on the list: copy, marker, urgent, cancel with a reason', async () => {
    await vendor.goto(`/?visit=${Date.now()}#/manage/order/100`);
    const urgentable = vendor.locator('[data-testid=order-card]', { has: vendor.locator('[data-action=urgent]') }).first();
    await urgentable.waitFor();
    const orderNo = (await urgentable.getAttribute('data-order-no'))!;
    const card = vendor.locator(`[data-order-no="${orderNo}"]`);
    const toast = (text: string) => vendor.locator('.ant-message-notice', { hasText: text }).last().waitFor();

    await card.locator('[data-action=copy]').click();
    await toast('复制成功');

    await card.locator('[data-action=marker]').click();
    // Each dialog by its title: the one before may still be fading out when the next opens.
    let dialog = vendor.locator('.ant-modal:visible', { hasText: '订单标记' });
    await dialog.getByText('红色').click();
    await dialog.getByPlaceholder('请输入备注内容').fill('客户要求周末上门');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('保存成功');
    await expect.poll(async () => (await portal.db.selectFrom('orders').select(['marker_type', 'marker_value']).where('order_no', '=', orderNo).executeTakeFirstOrThrow())).toEqual({ marker_type: 'red', marker_value: '客户要求周末上门' });

    await card.locator('[data-action=urgent]').click();
    dialog = vendor.locator('.ant-modal:visible', { hasText: '订单加急' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入费用金额').waitFor();
    await dialog.getByPlaceholder('请输入费用金额').fill('20');
    await dialog.getByText('24小时').click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('修改成功');

    await card.locator('[data-action=cancel]').click();
    const ask = vendor.locator('.ant-modal-confirm:visible');
    await ask.locator('.ant-modal-confirm-title', { hasText: '是否确认取消订单？' }).waitFor();
    await ask.locator('.ant-modal-confirm-content', { hasText: orderNo }).waitFor();
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    dialog = vendor.locator('.ant-modal:visible', { hasText: '取消原因' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入内容').waitFor();
    await dialog.getByPlaceholder('请输入取消原因').fill('客户改期，暂不需要');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('取消成功');
    const row = await portal.db.selectFrom('orders').select(['status', 'urgent_flag', 'urgent_type']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect({ status: row.status, urgent: Number(row.urgent_flag), type: row.urgent_type }).toEqual({ status: 800, urgent: 1, type: 2 });
  });

  test('export the checked order as 工单记录<timestamp>.xlsx', async () => {
    await vendor.goto(`/?visit=${Date.now()}#/manage/order`);
    const first = vendor.locator('[data-testid=order-card]').first();
    await first.waitFor();
    await first.getByRole('checkbox').check();
    const download = vendor.waitForEvent('download');
    await vendor.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^工单记录\d{8,14}.*\.xlsx$/);
  });

  test('too little balance: the pay screen says so, links to top-up, and nothing is charged', async () => {
    const unpaid = await portal.db.selectFrom('orders').select(['id']).where('status', '=', 100).orderBy('id').executeTakeFirstOrThrow();
    const vendorRow = await portal.db.selectFrom('vendors').select(['id', 'balance_fen']).orderBy('id').executeTakeFirstOrThrow();
    await portal.db.updateTable('vendors').set({ balance_fen: 1 }).where('id', '=', vendorRow.id).execute();
    try {
      await vendor.goto(`/?visit=${Date.now()}#/orderPay?id=${unpaid.id}`);
      await vendor.getByTestId('pay-error').waitFor();
      const answer = vendor.waitForResponse((r) => r.url().endsWith(API.orderPay(unpaid.id)));
      await vendor.getByRole('button', { name: /确认支付/ }).click();
      const json = (await (await answer).json()) as { code: number; msg: string };
      expect(json.code).toBe(400);
      await vendor.getByTestId('pay-error').getByText(json.msg).waitFor();
      const after = await portal.db.selectFrom('orders').select('status').where('id', '=', unpaid.id).executeTakeFirstOrThrow();
      expect(after.status).toBe(100);
      expect(Number((await portal.db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorRow.id).executeTakeFirstOrThrow()).balance_fen)).toBe(1);
      await vendor.getByTestId('pay-error').getByRole('button', { name: /去\s*充\s*值/ }).click();
      await vendor.waitForURL((u) => u.hash.startsWith('#/manage/accountRecharge'));
    } finally {
      await portal.db.updateTable('vendors').set({ balance_fen: vendorRow.balance_fen }).where('id', '=', vendorRow.id).execute();
    }
  });

  test('an out-of-warranty order skips payment', async () => {
    await vendor.goto('/#/orderCreate');
    await vendor.getByTestId('order-create').waitFor();
    await vendor.locator('label.ant-radio-button-wrapper', { hasText: '保外' }).click();
    await vendor.getByRole('radio', { name: '维修' }).check();
    await chooseProduct(vendor, 0, 'KFR-72LW');
    await vendor.getByTestId('product-line').first().getByRole('radio', { name: '普通' }).check();
    // Urgent and praise are offered in warranty only.
    expect(await vendor.getByTestId('urgent-flag').count()).toBe(0);
    await vendor.getByTestId('address-text').fill('赵六 13722223333 北京市朝阳区建国路88号SOHO现代城');
    await vendor.getByRole('button', { name: /识\s*别/ }).click();
    await expect.poll(() => vendor.getByPlaceholder('请输入客户手机号码').inputValue()).toBe('13722223333');
    const id = await submitOrder(vendor);
    await vendor.getByText('下单成功').waitFor();
    const stored = await portal.db.selectFrom('orders').select(['status', 'parole']).where('id', '=', id).executeTakeFirstOrThrow();
    expect({ status: stored.status, parole: stored.parole }).toEqual({ status: 200, parole: 2 });
    const seen = await vendorSees(id);
    expect(seen.status).toBe(200);
    expect(await vendor.getByText('您的订单未付款，请尽快付款!').count()).toBe(0);
    // The console lists it for dispatch (its default filter is 待接单).
    const { order_no } = await portal.db.selectFrom('orders').select('order_no').where('id', '=', id).executeTakeFirstOrThrow();
    const listed = operator.waitForResponse((r) => r.url().includes(PLATFORM_ORDER_API.list));
    await operator.goto(`/?visit=${Date.now()}#/platform/orders`);
    await listed;
    await operator.getByRole('link', { name: order_no }).waitFor();
  });

  /** The out-of-warranty repair form of 钱七, filled and ready to submit. */
  async function fillRepairOrder() {
    await vendor.goto(`/?visit=${Date.now()}#/orderCreate`);
    await vendor.getByTestId('order-create').waitFor();
    await vendor.locator('label.ant-radio-button-wrapper', { hasText: '保外' }).click();
    await vendor.getByRole('radio', { name: '维修' }).check();
    await chooseProduct(vendor, 0, 'KFR-72LW');
    await vendor.getByTestId('product-line').first().getByRole('radio', { name: '普通' }).check();
    await vendor.getByTestId('address-text').fill('钱七 13755556666 北京市朝阳区建国路88号SOHO现代城');
    await vendor.getByRole('button', { name: /识\s*别/ }).click();
    await expect.poll(() => vendor.getByPlaceholder('请输入客户手机号码').inputValue()).toBe('13755556666');
  }

  test('a double click on 提交订单, and the retry after its answer was lost, place one order under one Idempotency-Key', async () => {
    await fillRepairOrder();
    const count = async () => Number((await portal.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    // The first request reaches the server, which writes the order, but its answer is lost on the way back.
    const keys: string[] = [];
    let loseAnswer = true;
    const isAdd = (url: URL) => url.pathname === API.orderAdd;
    await vendor.route(isAdd, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!loseAnswer) return route.continue();
      loseAnswer = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    try {
      await vendor.getByRole('button', { name: '提交订单' }).dblclick();
      await vendor.locator('.ant-message-notice', { hasText: MSG.otherError }).waitFor();
      await expect.poll(count).toBe(before + 1);
      // The user submits again: the same action, so the same key, and the server answers as it did.
      const answered = vendor.waitForResponse((r) => r.url().endsWith(API.orderAdd));
      await vendor.getByRole('button', { name: '提交订单' }).click();
      // The order now on the server has this customer phone: the phone warning asks first.
      const confirm = vendor.locator('.ant-modal-confirm:visible');
      if ((await Promise.race([answered.then(() => 'answered'), confirm.waitFor({ timeout: 15_000 }).then(() => 'confirm')])) === 'confirm') {
        await confirm.getByRole('button', { name: /继续提交|确\s*定/ }).click();
      }
      const res = await answered;
      expect(res.headers()['idempotent-replayed']).toBe('true');
      expect(((await res.json()) as { code: number }).code).toBe(200);
      await vendor.getByText('下单成功').waitFor();
    } finally {
      await vendor.unroute(isAdd);
    }
    expect(await count()).toBe(before + 1);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // The same order placed again, once the first was answered, is a new action: a new key, a new order.
    await fillRepairOrder();
    const sent = vendor.waitForRequest((r) => r.url().endsWith(API.orderAdd));
    await submitOrder(vendor);
    expect((await sent).headers()['idempotency-key']).not.toBe(keys[0]);
    expect(await count()).toBe(before + 2);
  });
});
