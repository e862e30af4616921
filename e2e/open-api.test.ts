import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@portal/domain/api-paths';
import { INTEGRATION_MSG } from '@portal/domain/integrations';
import { keyHeaders, startReceiver, until, verifyWebhook, type Receiver } from '../apps/server/src/modules/integrations/webhooks.fixtures';
import { startPortal, type Portal } from './harness';

// Issue 18 journey (账户信息 → 开放接口): the main account creates an API key (the secret shown once),
// its own server calls the order list with it; registers a webhook to a receiver on this machine, sends a
// test event and sees it delivered in the log; the key is revoked; a sub-account has no such screen.

let portal: Portal;
let receiver: Receiver;
beforeAll(async () => {
  portal = await startPortal({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '200' });
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  await portal?.close();
  await receiver?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('open-api');
});

const keyCall = async (keyId: string, secret: string, path: string) =>
  (await fetch(portal.baseUrl + path, { headers: keyHeaders(keyId, secret, 'GET', path, '', '') })).json();

describe('open API journey', () => {
  let page: Page;
  let keyId = '';
  let secret = '';

  test('a key is created, its secret shown once, and it lists the orders from a server', async () => {
    page = await portal.newPage();
    await portal.loginAsMain(page);
    await page.goto('/#/manage/zhangHaoInfo');
    await page.locator('.ant-card-head-title', { hasText: '基本信息' }).waitFor();
    await page.getByText('开放接口', { exact: true }).first().click();
    await page.locator('.ant-card-head-title', { hasText: '开放接口' }).waitFor();
    await page.getByRole('button', { name: /创建密钥/ }).click();
    await page.getByPlaceholder('如：ERP 系统').fill('ERP 系统');
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    const dialog = page.getByRole('dialog', { name: /密钥已创建/ });
    await dialog.getByText(INTEGRATION_MSG.keyCreated).waitFor();
    keyId = (await dialog.locator('.ant-typography').nth(0).innerText()).trim();
    secret = (await dialog.locator('.ant-typography').nth(1).innerText()).trim();
    expect(keyId).toMatch(/^ak_/);
    expect(secret).toMatch(/^sk_/);
    await portal.screenshot(page, 'open-api-secret');
    await dialog.getByRole('button', { name: '我已保存' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);
    const list = await keyCall(keyId, secret, API.orderList);
    expect(list).toMatchObject({ code: 200 });
    expect(list.total).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.locator('tr', { hasText: keyId }).innerText(), { timeout: 10_000 }).not.toContain('从未使用');
  });

  test('a webhook receives a signed test event, shown as delivered in the log', async () => {
    await page.getByRole('tab', { name: /Webhook/ }).click();
    await page.getByRole('button', { name: /添加接收地址/ }).click();
    await page.getByPlaceholder('https://example.com/portal/webhook').fill(receiver.url);
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    const row = page.locator('tr', { hasText: receiver.url });
    await row.waitFor();
    await row.getByRole('button', { name: '发送测试' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect.poll(() => drawer.getByText('已送达').count(), { timeout: 15_000 }).toBe(1);
    const hook = (await portal.db.selectFrom('webhook_endpoints').select('secret').where('url', '=', receiver.url).executeTakeFirstOrThrow()).secret;
    await until(() => receiver.seen.length === 1);
    const r = receiver.seen[0]!;
    expect(r.json.type).toBe('webhook.test');
    expect(verifyWebhook(hook, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature }, r.body)).toBe(true);
    await drawer.locator('.ant-table-row-expand-icon').first().click();
    await drawer.getByText('第1次').waitFor();
    await portal.screenshot(page, 'open-api-deliveries');
    await page.keyboard.press('Escape');
  });

  test('a revoked key is refused', async () => {
    await page.getByRole('tab', { name: /API 密钥/ }).click();
    await page.locator('tr', { hasText: keyId }).getByRole('button', { name: '停用' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator('tr', { hasText: keyId }).count()).toBe(0);
    expect(await keyCall(keyId, secret, API.orderList)).toMatchObject({ code: 401, msg: INTEGRATION_MSG.keyInvalid });
  });

  test('a sub-account has no 开放接口', async () => {
    const sub = await portal.newPage();
    await portal.loginAsSub(sub);
    await sub.goto('/#/manage/kaiFangJieKou');
    await sub.getByText('没有权限').first().waitFor();
    expect(await sub.getByText('开放接口', { exact: true }).count()).toBe(0);
    expect(await sub.getByRole('button', { name: /创建密钥/ }).count()).toBe(0);
  });
});
