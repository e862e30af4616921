import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@portal/domain/messages';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { DEMO_LOGINS, startPortal, type Portal } from './harness';

// Decision 115 in the browser: a sub-account that may place orders and manage products but holds no
// order list key (app:order:list) sees a home without order data and 没有权限 on the order screens,
// and its screens never send the order requests it could not make (no 403 answers, no toasts).

const ACCOUNT = 'lisi';
const ORDER_ONLY = 'wangwu';
let vendorId: number;
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
  const main = await portal.db.selectFrom('users').select('vendor_id').where('phone', '=', DEMO_LOGINS.mainPhone).executeTakeFirstOrThrow();
  const user = await portal.db
    .insertInto('users')
    .values({ vendor_id: main.vendor_id, is_sub: 1, account: ACCOUNT, name: '李四', password_hash: await hashPassword(DEMO_LOGINS.password), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  // 订单管理 (1) → 一键下单 (11) and 产品管理 (13); no 我的订单 (12).
  await portal.db.insertInto('user_menus').values([1, 11, 13].map((menu_id) => ({ user_id: user.id, menu_id, vendor_id: main.vendor_id, data_permissions: 0 }))).execute();
  // 订单管理 (1) → 一键下单 (11) alone: it may order, neither manage the catalogue (decision 280) nor
  // read or edit 基本信息 — the form reads the company's addresses, contacts and discount switches under
  // the create key (decision 282).
  const orderOnly = await portal.db
    .insertInto('users')
    .values({ vendor_id: main.vendor_id, is_sub: 1, account: ORDER_ONLY, name: '王五', password_hash: await hashPassword(DEMO_LOGINS.password), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db.insertInto('user_menus').values([1, 11].map((menu_id) => ({ user_id: orderOnly.id, menu_id, vendor_id: main.vendor_id, data_permissions: 0 }))).execute();
  vendorId = main.vendor_id;
});
afterAll(async () => {
  await portal?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('order-permissions');
});

/** Every /api answer the page gets, as [path, body code]. */
function watchAnswers(page: Page) {
  const seen: Array<[string, number]> = [];
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    const body = await r.json().catch(() => null);
    seen.push([url.pathname, Number(body?.code ?? r.status())]);
  });
  return seen;
}

const settle = (page: Page) => page.waitForTimeout(1500);
/** Toasts on the page other than the sign-in's own success toast. */
const errorToasts = async (page: Page) => (await page.locator('.ant-message-notice').allInnerTexts()).map((x) => x.trim()).filter((x) => x !== MSG.loginOk);

describe('a sub-account without the order list key', () => {
  test('home: greeting and notices, no order tiles or quick orders, no refused request, no error toast', async () => {
    const page = await portal.newPage();
    const answers = watchAnswers(page);
    await portal.loginAsSub(page, ACCOUNT);
    await page.locator('.home-hero').waitFor();
    await page.getByText('平台公告', { exact: true }).first().waitFor();
    await settle(page);
    expect(await page.locator('.home-stats').count()).toBe(0);
    expect(await page.getByText('快捷下单', { exact: true }).count()).toBe(0);
    expect(await errorToasts(page)).toEqual([]);
    expect(answers.filter(([, code]) => code === 403)).toEqual([]);
    expect(answers.map(([path]) => path)).not.toContain('/api/app/order/quicklyOrder');
  });

  test('order list, detail and payment screens: 没有权限 without sending their requests', async () => {
    const page = await portal.newPage();
    await portal.loginAsSub(page, ACCOUNT);
    const answers = watchAnswers(page);
    for (const hash of ['#/manage/order', '#/manage/orderDetail?id=1', '#/orderPay?id=1']) {
      await page.goto(`/?visit=${Date.now()}${hash}`);
      await page.locator('.ant-result-403').getByText(MSG.forbidden).waitFor();
    }
    await settle(page);
    expect(await errorToasts(page)).toEqual([]);
    expect(answers.filter(([, code]) => code === 403)).toEqual([]);
    expect(answers.filter(([path]) => path.startsWith('/api/app/order/'))).toEqual([]);
  });
});

// Decision 274: 售后管理 follows app:afterSale:list and 我的钱包 app:account:list / app:account:recharge,
// so this sub-account (neither key) sees no entry that can only answer 没有权限, and a typed URL shows it.
describe('a sub-account without the after-sales and wallet keys', () => {
  test('no 售后管理 in the side menu and no 我的钱包 in the head navigation', async () => {
    const page = await portal.newPage();
    const answers = watchAnswers(page);
    await portal.loginAsSub(page, ACCOUNT);
    await page.goto(`/?visit=${Date.now()}#/manage/product`);
    const menu = page.locator('.manage__side');
    await menu.getByText('产品管理').waitFor();
    const items = await menu.innerText();
    expect(items).toContain('一键下单');
    expect(items).not.toContain('售后管理');
    expect(items).not.toContain('收支明细');
    const nav = await page.locator('.head-nav').innerText();
    expect(nav).toContain('订单管理');
    expect(nav).not.toContain('我的钱包');
    await portal.screenshot(page, 'sub-no-aftersale-no-wallet');
    await settle(page);
    expect(answers.filter(([, code]) => code === 403)).toEqual([]);
  });

  test('typed after-sales and wallet URLs: 没有权限 without sending their requests', async () => {
    const page = await portal.newPage();
    await portal.loginAsSub(page, ACCOUNT);
    const answers = watchAnswers(page);
    for (const hash of ['#/manage/afterSale', '#/manage/afterSaleDetail?id=1', '#/manage/account', '#/manage/accountRecharge']) {
      await page.goto(`/?visit=${Date.now()}${hash}`);
      await page.locator('.ant-result-403').getByText(MSG.forbidden).waitFor();
      // the balance card and the top-up form are not drawn
      expect(await page.locator('.wallet-balance').count()).toBe(0);
      expect(await page.getByRole('button', { name: '提交' }).count()).toBe(0);
    }
    await portal.screenshot(page, 'sub-typed-recharge-forbidden');
    await settle(page);
    expect(await errorToasts(page)).toEqual([]);
    expect(answers.filter(([, code]) => code === 403)).toEqual([]);
    expect(answers.filter(([path]) => path.startsWith('/api/app/afterSales') || path.startsWith('/api/app/records'))).toEqual([]);
  });

  test('产品管理 with the list key alone: the products, without 添加产品, 编辑, 删除 or 批量删除; a typed 添加产品 URL says 没有权限', async () => {
    const page = await portal.newPage();
    await portal.loginAsSub(page, ACCOUNT);
    await page.goto('/#/manage/product');
    await page.locator('.ant-table-row').first().waitFor();
    for (const name of [/添加产品/, /^编\s*辑$/, /^删\s*除$/, /^批量删除$/]) expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
    expect(await page.getByText('全选').count()).toBe(0);
    await portal.screenshot(page, 'sub-products-read-only');
    await page.goto(`/?visit=${Date.now()}#/manage/productAdd`);
    await page.locator('.ant-result-403').getByText(MSG.forbidden).waitFor();
  });
});

// Review products.md finding 1 (decision 280): the order form's products are the vendor's passed ones for
// whoever may order, not 产品管理's list — without that key the picker showed 暂无数据 (its request 403).
describe('a sub-account with 一键下单 and no 产品管理', () => {
  test('一键下单: the picker offers the company’s passed products, and one can be chosen and priced', async () => {
    const offered = await portal.db.selectFrom('products').select(['model_name', 'installation_fen']).where('vendor_id', '=', vendorId).where('check_status', '=', 1).where('deleted_at', 'is', null).orderBy('id').execute();
    expect(offered.length).toBeGreaterThan(1);
    const page = await portal.newPage();
    const answers = watchAnswers(page);
    await portal.loginAsSub(page, ORDER_ONLY);
    await page.goto(`/?visit=${Date.now()}#/orderCreate`);
    await page.getByTestId('order-create').waitFor();
    await page.getByRole('radio', { name: '安装' }).check();
    const select = page.getByTestId('product-line').first().locator('.ant-select').first();
    await select.click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.locator('.ant-select-item-option').first().waitFor();
    expect(await dropdown.getByText('暂无数据').count()).toBe(0);
    await portal.screenshot(page, 'sub-order-only-picker');
    // each passed product is there to find (the list is virtual: search narrows it to the one typed)
    const model = offered.findLast((p) => p.installation_fen !== null)!.model_name;
    await page.keyboard.type(model);
    await dropdown.locator('.ant-select-item-option', { hasText: model }).first().click();
    await expect.poll(() => page.getByTestId('line-unit').first().innerText()).not.toBe('—');
    await expect.poll(() => page.getByTestId('create-total').innerText()).not.toBe('￥0.00');
    await settle(page);
    expect(answers.filter(([, code]) => code === 403)).toEqual([]);
    expect(await errorToasts(page)).toEqual([]);
    expect(answers.map(([path]) => path)).not.toContain('/api/app/products/list');
    expect(answers.map(([path]) => path)).not.toContain('/api/app/user/getManufacturerInfo');
  });
});
