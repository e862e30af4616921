import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@portal/domain/api-paths';
import { startPortal, type Portal } from './harness';

// Decision 161: a list's applied filters and page are in the URL, so a refresh and the back button
// show the same list (the ledger, the knowledge base and the console lists).

let portal: Portal;
let vendor: Page;
let operator: Page;
beforeAll(async () => {
  portal = await startPortal();
  vendor = await portal.newPage();
  operator = await portal.newPage();
  await portal.loginAsMain(vendor);
  await portal.loginAsOperator(operator);
});
afterAll(async () => {
  await portal?.close();
});

const query = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

test('ledger: the filter and the page survive a refresh, back returns to the unfiltered list', async () => {
  await vendor.goto('/#/manage/account');
  await vendor.locator('.ant-table-row').first().waitFor();
  await vendor.getByLabel('订单号').fill('GD2026');
  const filtered = vendor.waitForResponse((r) => r.url().includes(API.records) && r.url().includes('orderNo=GD2026'));
  await vendor.getByRole('button', { name: /筛\s*选/ }).click();
  await filtered;
  expect(query(vendor).get('orderNo')).toBe('GD2026');

  const again = vendor.waitForResponse((r) => r.url().includes('orderNo=GD2026'));
  await vendor.reload();
  await again;
  await expect.poll(() => vendor.getByLabel('订单号').inputValue()).toBe('GD2026');

  await vendor.goBack();
  await expect.poll(() => query(vendor).get('orderNo')).toBeNull();
  await expect.poll(() => vendor.getByLabel('订单号').inputValue()).toBe('');
});

test('console products: tab, keyword and page come back from a shared link', async () => {
  const answer = operator.waitForResponse((r) => r.url().includes('keywords=KFR') && r.url().includes('checkStatus=1'));
  await operator.goto('/#/platform/products?checkStatus=1&keywords=KFR');
  await answer;
  await expect.poll(() => operator.getByPlaceholder('厂家/型号/分类').inputValue()).toBe('KFR');
  await expect.poll(() => operator.locator('.ant-tabs-tab-active').innerText()).toBe('审核通过');
});

test('products and after-sales: the filter row shows the applied filters after a refresh', async () => {
  const products = vendor.waitForResponse((r) => r.url().includes(API.productList) && r.url().includes('keywords=KFR'));
  await vendor.goto('/#/manage/product?keywords=KFR&pageSize=20');
  await products;
  await expect.poll(() => vendor.getByTestId('product-filters').locator('input').first().inputValue()).toBe('KFR');
  await expect.poll(() => vendor.locator('.ant-pagination-options .ant-select').innerText()).toContain('20');

  const sales = vendor.waitForResponse((r) => r.url().includes(API.afterSaleList) && r.url().includes('status=1'));
  await vendor.goto('/#/manage/afterSale?status=1&range=2026-01-01,2026-12-31');
  await sales;
  await expect.poll(() => vendor.getByTestId('after-sale-filters').locator('.ant-picker input').first().inputValue()).toBe('2026-01-01');
});

test('console orders: 全部状态 and a keyword survive a refresh', async () => {
  await operator.goto('/#/platform/orders');
  await operator.locator('.ant-table').first().waitFor();
  await operator.getByLabel('订单状态').click();
  await operator.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '全部状态' }).click();
  await expect.poll(() => query(operator).get('status')).toBe('-1');
  await operator.getByPlaceholder('订单编号/客户手机号/姓名').fill('138');
  await operator.getByPlaceholder('订单编号/客户手机号/姓名').press('Enter');
  await expect.poll(() => query(operator).get('keyWords')).toBe('138');
  await operator.reload();
  await expect.poll(() => operator.getByPlaceholder('订单编号/客户手机号/姓名').inputValue()).toBe('138');
  await expect.poll(() => operator.locator('.ant-select-selection-item, .ant-select-content').first().innerText()).toContain('全部状态');
});
