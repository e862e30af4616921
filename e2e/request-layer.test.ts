import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { sign } from '@portal/domain/signature';
import { startPortal, type Portal } from './harness';

// The web request layer (spec 01 §§7–8) inside the real built app: headers and signature of what it
// sends, and what the user sees for each body code and HTTP status (answers faked with page.route).

let portal: Portal;
let page: Page;
beforeAll(async () => {
  portal = await startPortal();
  page = await portal.newPage();
  await portal.loginAsMain(page);
});
afterAll(async () => {
  await portal?.close();
});

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

/**
 * Answer the next user-info calls with `answer` and reload home; with `shows`, wait for that toast.
 * The wait starts before the reload: on a loaded host the toast can come and go (3 s) before the
 * header is drawn.
 */
async function answerUserInfo(answer: { status?: number; body: unknown }, shows?: string) {
  await page.route(`**${API.userInfo}`, (route) =>
    route.fulfill({ status: answer.status ?? 200, contentType: 'application/json', body: JSON.stringify(answer.body) }),
  );
  const shown = shows === undefined ? null : toast(shows).first().waitFor({ timeout: 20_000 });
  await page.reload();
  await page.locator('.site-header').waitFor();
  await shown;
}

describe('request layer', () => {
  test('every call is signed with the method, path, sorted query, timestamp, token and body', async () => {
    const seen: Request[] = [];
    const listener = (r: Request) => {
      // The notification stream is an EventSource: it cannot carry headers, its single-use ticket is the credential (decision 175).
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') && path !== API.notificationsStream) seen.push(r);
    };
    page.on('request', listener);
    await page.reload();
    await page.locator('.home-hero').waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    expect(seen.length).toBeGreaterThan(2);
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    const withQuery = seen.find((r) => new URL(r.url()).search);
    expect(withQuery, 'a paged call with a query').toBeTruthy();
    for (const r of seen) {
      const h = r.headers();
      const url = new URL(r.url());
      expect(h.role).toBe('manufacturer');
      expect(h.token).toBe(token);
      expect(Math.abs(Date.now() - Number(h.timestamp))).toBeLessThan(60_000);
      const expected = sign(portal.config.SIGN_KEY, {
        method: r.method(),
        path: url.pathname,
        rawQuery: url.search.slice(1),
        timestamp: h.timestamp!,
        token: token ?? '',
        body: r.postData() ?? '',
      });
      expect(h.signature, `${r.method()} ${url.pathname}`).toBe(expected);
    }
  });

  test('body codes show the catalogue texts', async () => {
    const cases: Array<[unknown, string]> = [
      [{ code: 400, msg: '公司名称不能为空' }, '公司名称不能为空'],
      [{ code: 400, msg: '' }, MSG.apiError],
      [{ code: 403, msg: 'x' }, MSG.forbidden],
      [{ code: 404, msg: 'x' }, MSG.notFound],
      [{ code: 500, msg: 'x' }, MSG.serverError],
      [{ code: 1401, msg: 'x' }, MSG.badSignature],
      [{ code: 777, msg: 'x' }, MSG.otherError],
    ];
    for (const [body, text] of cases) {
      await answerUserInfo({ body }, text);
      await page.unroute(`**${API.userInfo}`);
    }
  });

  test('HTTP failures: 500/422 show the server message, 404 a maintenance text, 401 nothing', async () => {
    await answerUserInfo({ status: 500, body: { msg: '数据库连接失败' } }, '数据库连接失败');
    await page.unroute(`**${API.userInfo}`);
    await answerUserInfo({ status: 422, body: { msg: '参数无法处理' } }, '参数无法处理');
    await page.unroute(`**${API.userInfo}`);
    await answerUserInfo({ status: 404, body: {} }, MSG.systemUpdating);
    await page.unroute(`**${API.userInfo}`);

    await page.waitForTimeout(3500); // earlier toasts fade out
    await answerUserInfo({ status: 401, body: {} });
    await page.waitForTimeout(800);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    await page.unroute(`**${API.userInfo}`);
  });

  test('the platform console sends its own role and token', async () => {
    const operator = await portal.newPage();
    await portal.loginAsOperator(operator);
    const me = operator.waitForRequest((r) => r.url().endsWith('/api/platform/me'));
    await operator.reload();
    const h = (await me).headers();
    expect(h.role).toBe('platform');
    expect(h.token).toBe(await operator.evaluate(() => localStorage.getItem('portal.platformToken')));
    expect(h.token).not.toBe('');
  });
});
