import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@portal/domain/api-paths';
import { startPortal, type Portal } from './harness';

// Issue 48 item 4: a status or tag chip filters the list at once — the lit chip and the orders below
// it always agree, without pressing 筛选 (decision 242). At 1440×900 and 1366×768.

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('order-list-chips');
});

const chip = (page: Page, row: string, text: string) =>
  page.locator('.order-filters__row', { has: page.locator('.order-filters__label', { hasText: row }) }).locator('.ant-tag-checkable', { hasText: new RegExp(`^${text}$`) });
const cardStatuses = (page: Page) => page.locator('[data-testid="order-card"] .ant-tag').filter({ hasText: /^(待付款|待接单|待预约|待施工|施工中|待配件|待验收|待返件|已完成|已取消|回收申请中|回收待完工)$/ }).allInnerTexts();

describe('order list chips', () => {
  for (const [width, height] of [[1440, 900], [1366, 768]] as const) {
    test(`a chip filters at once, and the list matches the lit chip (${width}×${height})`, async () => {
      const page = await portal.newPage({ width, height });
      await portal.loginAsMain(page);
      await page.goto('/#/manage/order');
      await page.getByTestId('order-card').first().waitFor();

      const unpaid = page.waitForResponse((r) => r.url().includes(API.orderList) && r.url().includes('status=100'));
      await chip(page, '订单状态', '待付款').click();
      await unpaid;
      await expect.poll(() => chip(page, '订单状态', '待付款').getAttribute('class')).toContain('ant-tag-checkable-checked');
      await expect.poll(async () => new Set(await cardStatuses(page)), { timeout: 15_000 }).toEqual(new Set(['待付款']));
      await portal.screenshot(page, `order-chips-status-${width}`);

      const pending = page.waitForResponse((r) => r.url().includes(API.orderList) && r.url().includes('status=200'));
      await chip(page, '订单状态', '待接单').click();
      await pending;
      await expect.poll(async () => new Set(await cardStatuses(page)), { timeout: 15_000 }).toEqual(new Set(['待接单']));
      expect(await chip(page, '订单状态', '待付款').getAttribute('class')).not.toContain('ant-tag-checkable-checked');

      // A tag chip too; the URL keeps what is applied.
      const label = page.waitForResponse((r) => r.url().includes(API.orderList) && decodeURIComponent(r.url()).includes('label=安装'));
      await chip(page, '订单标签', '安装').click();
      await label;
      expect(decodeURIComponent(page.url())).toContain('label=安装');
      expect(page.url()).toContain('status=200');
      await portal.screenshot(page, `order-chips-label-${width}`);
    }, 120_000);
  }
});
