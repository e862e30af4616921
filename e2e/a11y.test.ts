import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startPortal, type Portal } from './harness';

// Issue 17: axe-core on every main screen of the vendor portal and the console; any serious or
// critical violation fails. A11Y_REPORT=<file> also writes the counts per screen as JSON (the
// before/after figures of bench/README.md). Then every dialog of the order detail opens, submits
// and closes from the keyboard.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: AxeNode[];
}

let portal: Portal;
let vendor: Page;
let operator: Page;
let payId = 0;
let detailId = 0;
const report: Record<string, { nodes: number; rules: Record<string, number>; examples?: string[] }> = {};

beforeAll(async () => {
  portal = await startPortal();
  const firstWith = async (status: number) =>
    (await portal.db.selectFrom('orders').select('id').where('status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id;
  payId = await firstWith(100);
  detailId = await firstWith(300);
  vendor = await portal.newPage();
  operator = await portal.newPage();
});
afterAll(async () => {
  if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(report, null, 2));
  await portal?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('a11y');
});

/** Serious and critical axe violations of the page as it is now. */
async function audit(page: Page, screen: string) {
  // Let enter animations (dialogs, drawers, tags) finish so colours are the final ones.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const bad = (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  report[screen] = {
    nodes: bad.reduce((a, v) => a + v.nodes.length, 0),
    rules: Object.fromEntries(bad.map((v) => [v.id, v.nodes.length])),
    examples: bad.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.html.slice(0, 120)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)),
  };
  return bad.map((v) => `${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 3 ? ` … ${v.nodes.length} in all` : ''}`);
}

/** Opens a screen and waits for its content (or an empty state) to be on screen. */
async function open(page: Page, url: string, ready: string) {
  await page.goto(url);
  await page.locator(`${ready}, .ant-empty`).first().waitFor({ timeout: 15_000 });
}

describe('vendor portal', () => {
  const screens: Array<[string, string, string]> = [
    ['home', '/#/', '.home-stats__num'],
    ['order list', '/#/manage/order', '[data-testid="order-card"]'],
    ['order create', '/#/orderCreate', '[data-testid="product-line"]'],
    ['order pay', '', '.ant-radio-wrapper, .ant-btn-primary'],
    ['order detail', '', '[data-testid="order-detail"]'],
    ['products', '/#/manage/product', '.ant-table-row'],
    ['add product', '/#/manage/productAdd', 'form'],
    ['gallery', '/#/manage/wanGongAlbum', '.ant-card, .ant-empty'],
    ['after-sales', '/#/manage/afterSale', '.ant-table-row'],
    ['ledger', '/#/manage/account', '.ant-table-row'],
    ['top-up', '/#/manage/accountRecharge', 'form'],
    ['statements', '/#/manage/statement', '.ant-table-row'],
    ['invoices', '/#/manage/invoice', '.ant-table'],
    ['knowledge base', '/#/manage/zhiShiKu', '.ant-table-row, .ant-card'],
    ['account info', '/#/manage/zhangHaoInfo', '.ant-descriptions, form'],
    ['security', '/#/manage/zhangHaoSafety', '.ant-btn'],
    ['sub-accounts', '/#/manage/zhangHao', '.ant-table-row'],
  ];

  test('login and register', async () => {
    const page = await portal.newPage();
    await open(page, '/#/login?type=1', 'form');
    expect.soft(await audit(page, 'login'), 'login').toEqual([]);
    await open(page, '/#/login?type=2', 'form');
    await page.getByText('注册').first().waitFor();
    expect.soft(await audit(page, 'register'), 'register').toEqual([]);
    await page.context().close();
  });

  test('signed-in screens', async () => {
    await portal.loginAsMain(vendor);
    for (const [name, path, ready] of screens) {
      const url = name === 'order pay' ? `/#/orderPay?id=${payId}` : name === 'order detail' ? `/#/manage/orderDetail?id=${detailId}` : path;
      await open(vendor, `/?visit=${Date.now()}${url}`, ready);
      expect.soft(await audit(vendor, name), name).toEqual([]);
    }
  });

  test('order detail with a dialog open', async () => {
    await open(vendor, `/?visit=${Date.now()}#/manage/orderDetail?id=${detailId}`, '[data-testid="order-detail"]');
    await vendor.locator('[data-action="customer"]').click();
    await vendor.locator('.ant-modal:visible').waitFor();
    expect.soft(await audit(vendor, 'order detail + dialog'), 'order detail + dialog').toEqual([]);
    await vendor.keyboard.press('Escape');
    await vendor.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  });
});

describe('console', () => {
  const screens: Array<[string, string, string]> = [
    ['console top-ups', '/#/platform/recharges', '.ant-table'],
    ['console vendors', '/#/platform/vendors', '.ant-table'],
    ['console products', '/#/platform/products', '.ant-table'],
    ['console orders', '/#/platform/orders', '.ant-table-row'],
    ['console order detail', '', '.ant-descriptions'],
    ['console masters', '/#/platform/masters', '.ant-table'],
    ['console after-sales', '/#/platform/afterSales', '.ant-table'],
    ['console invoices', '/#/platform/invoices', '.ant-table'],
  ];
  test('login and every screen', async () => {
    await open(operator, '/#/platform/login', 'form');
    expect.soft(await audit(operator, 'console login'), 'console login').toEqual([]);
    await portal.loginAsOperator(operator);
    for (const [name, path, ready] of screens) {
      await open(operator, `/?visit=${Date.now()}${name === 'console order detail' ? `#/platform/orders/${detailId}` : path}`, ready);
      expect.soft(await audit(operator, name), name).toEqual([]);
    }
  });
});

describe('keyboard', () => {
  test('a dialog of the order detail opens, submits and closes from the keyboard', async () => {
    await open(vendor, `/?visit=${Date.now()}#/manage/orderDetail?id=${detailId}`, '[data-testid="order-detail"]');
    const modal = vendor.locator('.ant-modal:visible');

    // Opens with Enter on its button, closes with Escape, and focus goes back to the button.
    await vendor.locator('[data-action="marker"]').focus();
    await vendor.keyboard.press('Enter');
    await modal.waitFor();
    expect(await vendor.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
    await vendor.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // Opens with Space, is filled and submitted with the keyboard only (Tab to 确定, Enter).
    await vendor.locator('[data-action="customer"]').focus();
    await vendor.keyboard.press(' ');
    await modal.waitFor();
    const saved = vendor.waitForResponse((r) => r.request().method() !== 'GET' && /order/i.test(r.url()));
    for (let i = 0; i < 40; i++) {
      const onOk = await vendor.evaluate(() => {
        const el = document.activeElement;
        return !!el && el.closest('.ant-modal-footer') !== null && /确\s*定|保\s*存|提\s*交/.test(el.textContent ?? '');
      });
      if (onOk) break;
      await vendor.keyboard.press('Tab');
    }
    await vendor.keyboard.press('Enter');
    const res = await saved;
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await modal.waitFor({ state: 'hidden' });
  });

  test('the sub-account dialog opens, is filled, submits and closes from the keyboard', async () => {
    await open(vendor, `/?visit=${Date.now()}#/manage/zhangHao`, '.ant-table-row');
    const modal = vendor.locator('.ant-modal:visible');
    const focused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);
    /** Tab (at most 30 times) until `locator` has the focus. */
    const tabTo = async (locator: ReturnType<Page['locator']>) => {
      for (let i = 0; i < 30 && !(await focused(locator)); i++) await vendor.keyboard.press('Tab');
      expect(await focused(locator)).toBe(true);
    };
    const add = vendor.getByRole('button', { name: '添加子账号' });

    // Opens with Enter, closes with Escape.
    await add.focus();
    await vendor.keyboard.press('Enter');
    await modal.waitFor();
    // antd moves the focus into the dialog once its opening motion ends.
    await expect.poll(() => vendor.evaluate(() => !!document.activeElement?.closest('.ant-modal')), { timeout: 5_000 }).toBe(true);
    await vendor.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // Opens with Space; every field is reached with Tab and typed; Tab to 确定, Enter saves.
    await add.focus();
    await vendor.keyboard.press(' ');
    await modal.waitFor();
    const account = `kb${String(Date.now()).slice(-6)}`;
    for (const [label, text] of [['姓名', '键盘用户'], ['登录账号', account], ['登录密码', 'keyboard123']] as const) {
      await tabTo(modal.getByLabel(label, { exact: true }));
      await vendor.keyboard.type(text);
    }
    await tabTo(modal.getByRole('button', { name: /^确\s*定$/ }));
    const saved = vendor.waitForResponse((r) => r.url().endsWith('/api/app/user/addSubAccounts'));
    await vendor.keyboard.press('Enter');
    expect(((await (await saved).json()) as { code: number }).code).toBe(200);
    await modal.waitFor({ state: 'hidden' });
    await vendor.locator('.ant-table-row', { hasText: account }).waitFor();
  });
});
