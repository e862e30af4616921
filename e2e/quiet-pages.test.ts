import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startPortal, type Portal } from './harness';

// Issue 48 items 10 and 11: a page reached by a link opens at its top (its title below the header),
// going back returns where the merchant was; and the pages are quiet — no React Router warning, no
// refused chat_script call, no uncaught error when 申请开票 is submitted empty, and the console's
// 完工申请 dialog names its pictures instead of showing signed links.

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('quiet-pages');
});

/** Console warnings and errors, page errors, and API answers whose body code is not 200. */
function listen(page: Page) {
  const noise: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') noise.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => noise.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (!r.url().includes('/api/app/config/')) return;
    r.json().then((b: { code?: number; msg?: string }) => b.code !== 200 && noise.push(`${r.url()}: ${b.code} ${b.msg}`)).catch(() => undefined);
  });
  return noise;
}

describe('pages open at their top', () => {
  for (const [width, height] of [[1366, 768], [1440, 900]] as const) {
    test(`a link opens the next page at its top; back returns to where it was (${width}×${height})`, async () => {
      const page = await portal.newPage({ width, height });
      await portal.loginAsMain(page);
      await page.goto('/#/manage/order');
      await page.getByTestId('order-card').nth(3).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
      const left = await page.evaluate(() => window.scrollY);

      // Clicked where it is: Playwright's click would first scroll the menu item into view, and the
      // list would be left at that position instead of the bottom.
      await page.locator('.ant-menu, aside, nav').getByText('售后管理', { exact: true }).first().evaluate((el: HTMLElement) => el.click());
      await page.waitForURL((u) => u.hash.startsWith('#/manage/afterSale'));
      const title = page.locator('.ant-card-head-title', { hasText: '售后管理' });
      await title.waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(64);
      await portal.screenshot(page, `scroll-top-after-sale-${width}`);

      await page.goBack();
      await page.getByTestId('order-card').nth(3).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(left - 50);
    }, 120_000);
  }
});

describe('quiet pages', () => {
  test('no React Router warning, no refused config call, no uncaught error on an empty 申请开票', async () => {
    const page = await portal.newPage();
    const noise = listen(page);
    await portal.loginAsMain(page);
    for (const hash of ['/#/', '/#/manage/order', '/#/manage/invoice']) {
      await page.goto(hash);
      await page.reload();
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: '申请开票' }).first().click();
    const dialog = page.locator('.ant-modal', { hasText: '申请开票' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    await page.waitForTimeout(500);
    await portal.screenshot(page, 'quiet-invoice-empty-1440');
    await page.setViewportSize({ width: 1366, height: 768 });
    await portal.screenshot(page, 'quiet-invoice-empty-1366');
    expect(noise).toEqual([]);
  }, 120_000);

  test('the console’s 完工申请 dialog names its pictures, with thumbnails, never a signed link', async () => {
    const main = await portal.db.selectFrom('orders').select('id').where('status', '=', 500).where('node', 'in', [510, 520]).where('service_type', '<>', 5).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const page = await portal.newPage();
    const noise = listen(page);
    await portal.loginAsOperator(page);
    await page.goto(`/#/platform/orders/${main.id}`);
    await page.locator('[data-action="requestCompletion"]').click();
    const dialog = page.locator('.ant-modal', { hasText: '完工申请' });
    await dialog.waitFor();
    const chosen = await dialog.locator('.ant-select-selection-item, .ant-select-selection-overflow-item').allInnerTexts();
    await dialog.locator('.ant-select').first().click();
    // the dropdown opens with an animation: wait for its options before reading them
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    const options = await page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts();
    expect(options.length).toBeGreaterThan(0);
    for (const text of [...chosen, ...options]) expect(text).not.toMatch(/expires|sig=|\/files\//);
    expect(options.every((t) => /产品图|完工样图/.test(t))).toBe(true);
    expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option img').count()).toBe(options.length);
    await portal.screenshot(page, 'quiet-console-completion-1440');
    await page.setViewportSize({ width: 1366, height: 768 });
    await portal.screenshot(page, 'quiet-console-completion-1366');
    expect(noise.filter((n) => !n.includes('favicon'))).toEqual([]);
  }, 120_000);
});
