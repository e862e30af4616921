import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import { RATE_LIMITS_OFF } from '../apps/server/src/plugins/rate-limit';
import { setupDatabase } from '../apps/server/src/db/setup';
import { DEMO } from '../apps/server/src/db/seed/demo';

const ROOT = resolve(import.meta.dirname, '..');
const DEFAULT_DIST = join(ROOT, 'apps/web/dist');
const SCREENS_DIR = join(ROOT, 'test-results/screens');

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEMO_LOGINS = DEMO;
/**
 * The 登录 button by its accessible name. antd's loading spinner (aria-label "loading") sometimes stays
 * in the DOM, invisible, when its leave motion does not finish, so the name can read "loading 登录".
 */
export const LOGIN_BUTTON = /^(loading\s*)?登\s*录$/;

/** Where the built web app is: WEB_DIST, else apps/web/dist. */
export const webDist = () => resolve(process.env.WEB_DIST || DEFAULT_DIST);

/**
 * Builds the web app into apps/web/dist once, when no build is there and WEB_DIST is not set
 * (CI builds before the tests; engineers point WEB_DIST at their own build).
 */
export function ensureWebBuilt() {
  const dist = webDist();
  if (existsSync(join(dist, 'index.html'))) return dist;
  if (process.env.WEB_DIST) throw new Error(`WEB_DIST=${process.env.WEB_DIST} has no index.html: build it first (npx vite build --outDir ${dist})`);
  // Vitest sets NODE_ENV=test, which would give React's development build (StrictMode runs every
  // effect twice: a dialog loads two captchas and the test reads the first).
  execFileSync('npx', ['vite', 'build', '--outDir', dist], { cwd: join(ROOT, 'apps/web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return dist;
}

/** TEST_DATABASE=postgres: a new database on TEST_PG_URL's server, dropped at close (as the API tests do). */
async function createPgDatabase() {
  const base = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_e2e_${randomBytes(6).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

interface SmsEntry {
  phone: string;
  content: string;
  code: string;
  createTime: string;
}

/**
 * The real portal for a browser journey: the server (built app, fresh SQLite file — or a fresh
 * PostgreSQL database with TEST_DATABASE=postgres — demo data, development outbox) on a free port and a headless Debian Chromium driven by playwright-core.
 */
export async function startPortal(env: Record<string, string> = {}) {
  const dist = ensureWebBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const pg = process.env.TEST_DATABASE === 'postgres' ? await createPgDatabase() : null;
  const config: Config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: pg?.url ?? join(dir, 'portal.sqlite'),
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    PORTAL_DEMO_DATA: '1',
    PORTAL_DEV_OUTBOX: '1',
    WEB_DIST: dist,
    // Journeys sign in and fetch captchas more often than a person would in a minute.
    ...RATE_LIMITS_OFF,
    ...env,
  });
  const handle = await setupDatabase(config);
  const app = await buildApp(config, handle);
  await app.listen({ host: config.HOST, port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  } catch (e) {
    await app.close();
    await handle.db.destroy();
    await pg?.drop();
    throw e;
  }

  const contexts: BrowserContext[] = [];
  const latestCaptcha = new WeakMap<Page, string>();
  // The last API answers of each page, printed when a test fails: a screenshot shows a dialog that
  // stayed open, this says which answer kept it open.
  const apiLog = new WeakMap<Page, string[]>();

  async function devGet<T>(path: string): Promise<T> {
    const res = await fetch(baseUrl + path);
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  }

  /** A page in a fresh browser context (own localStorage), desktop size, Chinese locale. */
  async function newPage(opts: { width?: number; height?: number } = {}) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    contexts.push(context);
    const page = await context.newPage();
    apiLog.set(page, []);
    // One read of each API answer: the log's line, and the uuid of a captcha the page loaded. The
    // notification stream never ends, so its body is never read.
    page.on('response', (res) => {
      if (!res.url().includes('/api/') || res.url().includes(API.notificationsStream)) return;
      const log = apiLog.get(page)!;
      const line = `${new Date().toISOString().slice(11, 23)} ${res.request().method()} ${res.url().replace(baseUrl, '')} ${res.status()}`;
      res
        .text()
        .then((t) => {
          log.push(`${line} ${t.slice(0, 200)}`);
          if (res.url().includes(API.captchaImage)) {
            const uuid = (JSON.parse(t) as { data?: { uuid?: string } }).data?.uuid;
            if (uuid) latestCaptcha.set(page, uuid);
          }
        })
        .catch(() => log.push(line))
        .finally(() => log.splice(0, Math.max(0, log.length - 12)));
    });
    return page;
  }

  /** Text of a live captcha, by uuid, from GET /api/dev/captcha/{uuid}. */
  const captchaText = async (uuid: string) => (await devGet<{ text: string }>(API.devCaptcha(uuid))).text;

  /** The text of the captcha the page shows now (the last one it loaded). */
  async function readCaptcha(page: Page | string): Promise<string> {
    if (typeof page === 'string') return captchaText(page);
    const deadline = Date.now() + 10_000;
    while (!latestCaptcha.get(page)) {
      if (Date.now() > deadline) throw new Error('the page loaded no captcha');
      await page.waitForTimeout(50);
    }
    // The response listener records a replacement captcha only once its body is read, so right after
    // a refresh the recorded uuid may still be the used one: wait for the new one to be recorded.
    for (;;) {
      const uuid = latestCaptcha.get(page)!;
      try {
        return await captchaText(uuid);
      } catch (e) {
        if (Date.now() > deadline) throw e;
        await page.waitForTimeout(100);
      }
    }
  }

  /** Resolves with the text of the next captcha the page loads (start it before the action). */
  async function nextCaptcha(page: Page): Promise<string> {
    const res = await page.waitForResponse((r) => r.url().includes(API.captchaImage) && r.status() === 200);
    const json = (await res.json()) as { data: { uuid: string } };
    return captchaText(json.data.uuid);
  }

  /** The SMS messages sent to `phone` so far, newest first (development outbox). */
  const smsMessages = (phone: string) => devGet<SmsEntry[]>(`${API.devOutbox}?phone=${encodeURIComponent(phone)}`);

  /** The newest SMS code sent to `phone` (other than `notBefore`), waiting briefly for it. */
  async function latestSmsCode(phone: string, notBefore?: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = (await smsMessages(phone))[0];
      if (row?.code && row.code !== notBefore) return row.code;
      if (Date.now() > deadline) throw new Error(`no SMS code for ${phone}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * The server allows one SMS code per phone every 60 s; a journey that needs several codes for the
   * same phone moves the earlier ones back in time instead of sleeping.
   */
  async function skipSmsResendWait(phone: string) {
    const past = new Date(Date.now() - 61_000).toISOString();
    await handle.db.updateTable('sms_codes').set({ created_at: past }).where('phone', '=', phone).execute();
    await handle.db.updateTable('sms_send_limits').set({ last_sent_at: past }).where('phone', '=', phone).execute();
  }

  async function passwordLogin(page: Page, tab: '主账号' | '子账号', user: string, password: string) {
    await page.goto('/#/login?type=1');
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('textbox', { name: tab === '主账号' ? '手机号' : '子账号', exact: true }).fill(user);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await page.waitForURL((u) => u.hash === '#/' || (u.hash !== '' && !u.hash.startsWith('#/login')));
  }

  /** Signs in as the demo main account (phone 13800138000) and lands on the home page. */
  const loginAsMain = (page: Page, phone: string = DEMO.mainPhone, password: string = DEMO.password) => passwordLogin(page, '主账号', phone, password);
  /** Signs in as the demo sub-account zhangsan (menus 一键下单, 我的订单, 产品管理, 知识库管理). */
  const loginAsSub = (page: Page, account: string = DEMO.subAccount, password: string = DEMO.password) => passwordLogin(page, '子账号', account, password);

  /** Signs in to the platform console as the demo operator. */
  async function loginAsOperator(page: Page, account: string = DEMO.operatorAccount, password: string = DEMO.operatorPassword) {
    await page.goto('/#/platform/login');
    await page.getByLabel('运营账号').fill(account);
    await page.getByLabel('密码').fill(password);
    const answer = page.waitForResponse((r) => r.url().endsWith(PLATFORM_API.login));
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await answer;
    await page.waitForURL((u) => u.hash.startsWith('#/platform/') && !u.hash.startsWith('#/platform/login'));
  }

  /** Full-page PNG into test-results/screens/<name>.png (and SHOTS_DIR when set). */
  async function screenshot(page: Page, name: string) {
    mkdirSync(SCREENS_DIR, { recursive: true });
    const file = join(SCREENS_DIR, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      copyFileSync(file, join(process.env.SHOTS_DIR, `${name}.png`));
    }
    return file;
  }

  /** Pages still open in any context. */
  const openPages = () => contexts.flatMap((c) => c.pages()).filter((p) => !p.isClosed());

  /** After a failed test: a screenshot of every open page, and on the console what it shows in dialogs, messages and form errors, and its last API answers. */
  async function recordFailure(name: string) {
    for (const [i, page] of openPages().entries()) {
      await screenshot(page, `failed-${name}-${i}`).catch(() => undefined);
      const shown = await page
        .locator('.ant-modal-wrap:visible, .ant-message-notice, .ant-form-item-explain-error, .ant-notification-notice')
        .allInnerTexts()
        .catch(() => []);
      console.log(`[failed ${name} page ${i}] ${page.url()}\n  shows: ${JSON.stringify(shown)}\n  ${(apiLog.get(page) ?? []).join('\n  ')}`);
    }
  }

  let operatorToken = '';
  /**
   * A signed call of the console's API (through the app, not the browser), as the console's own request
   * layer makes it; the operator signs in on the first call. Answers the envelope.
   */
  async function operatorCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    if (!operatorToken && path !== PLATFORM_API.login) {
      operatorToken = (await operatorCall('POST', PLATFORM_API.login, { account: DEMO.operatorAccount, password: DEMO.operatorPassword })).data.token;
    }
    const timestamp = String(freshTimestamp());
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      role: 'platform', timestamp, token: operatorToken,
      signature: sign(config.SIGN_KEY, { method, path, rawQuery: '', timestamp, token: operatorToken, body: payload }),
    };
    if (payload) headers['content-type'] = 'application/json';
    return (await app.inject({ method, url: path, headers, payload: payload || undefined })).json();
  }

  /** The demo main account's newest paid order that the console has not dispatched yet (not a recycling one). */
  async function undispatchedOrder() {
    const main = await handle.db.selectFrom('users').select('vendor_id').where('phone', '=', DEMO.mainPhone).executeTakeFirstOrThrow();
    return handle.db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('vendor_id', '=', main.vendor_id)
      .where('status', '=', 200)
      .where('node', 'in', [210, 240])
      .where('service_type', '<>', 5)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }

  async function close() {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser.close().catch(() => undefined);
    await app.close();
    await handle.db.destroy();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }

  return {
    baseUrl,
    browser,
    app,
    db: handle.db,
    config,
    newPage,
    captchaText,
    readCaptcha,
    nextCaptcha,
    smsMessages,
    latestSmsCode,
    skipSmsResendWait,
    loginAsMain,
    loginAsSub,
    loginAsOperator,
    screenshot,
    recordFailure,
    operatorCall,
    undispatchedOrder,
    close,
  };
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;
