import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { DEMO_LOGINS as DEMO, startPortal, type Portal, LOGIN_BUTTON } from './harness';

// Issue #2 journey: register through the screens, sign out and in (password, SMS), reset the
// password, and a sub-account that only sees its permitted menus.

/** Waits for a condition; the machine is shared, so allow more than vitest's 1 s default. */
const eventually = <T>(fn: () => Promise<T> | T, opts: { message?: string } = {}) => expect.poll(fn, { timeout: 10_000, interval: 100, ...opts });

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.close();
});
// A failed step leaves a picture of what the browser showed.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure(ctx.task.name.slice(0, 30));
});

const phone = `137${String(Date.now()).slice(-8)}`;
const firstPassword = 'Abc123456';
const newPassword = 'NewPass789';

/** A field's rule message: antd forms (register, reset, SMS) and the plain sign-in forms (decision 183). */
const errorText = (page: Page, text: string) => page.locator('.ant-form-item-explain-error, .plain-item__error', { hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

/**
 * A refused login clears the password once its answer is handled and lifts the button's busy state;
 * filling the next attempt before that lets the form wipe what was just typed.
 */
async function refusalHandled(page: Page, password: ReturnType<Page['getByLabel']>) {
  await eventually(() => password.inputValue()).toBe('');
  await eventually(() => page.locator('button.ant-btn-loading, button[aria-busy="true"]').count()).toBe(0);
}

/** Fill the graphic captcha the page shows, ask for an SMS code, fill it in. */
async function requestSmsCode(page: Page) {
  const previous = (await portal.smsMessages(phone))[0]?.code;
  await page.getByPlaceholder('请输入图形验证码').fill(await portal.readCaptcha(page));
  const refreshed = page.waitForResponse((r) => r.url().includes(API.captchaImage));
  await page.getByRole('button', { name: MSG.getCode }).click();
  await refreshed; // the captcha is single use: a new one replaces it after every request
  await eventually(() => page.locator('.sms-btn').innerText()).toMatch(/^剩余\d+s$/);
  await page.getByPlaceholder('请输入短信验证码').fill(await portal.latestSmsCode(phone, previous));
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /退\s*出/ }).click();
  await page.waitForURL((u) => u.hash.startsWith('#/login'));
}

describe('access journey', () => {
  test('an anonymous visitor is sent to the login screen', async () => {
    const page = await portal.newPage();
    await page.goto('/#/manage/order');
    await page.waitForURL((u) => u.hash.startsWith('#/login'));
    await eventually(() => page.getByRole('tab', { name: '主账号' }).isVisible()).toBe(true);
    await page.locator('.captcha-img, .login-card').first().waitFor();
    await portal.screenshot(page, 'login');
    // The layout's header, footer and tool are hidden on login.
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.locator('.site-footer').count()).toBe(0);
    expect(await page.locator('.service-tool').count()).toBe(0);
    // Spec 01 §5 messages on an empty password login.
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await eventually(() => errorText(page, MSG.phoneRequired).isVisible()).toBe(true);
    await eventually(() => errorText(page, MSG.passwordRequired).isVisible()).toBe(true);
    await page.getByLabel('手机号', { exact: true }).fill('1380013800a');
    await eventually(() => errorText(page, MSG.digitsOnly).isVisible()).toBe(true);
    await page.getByLabel('手机号', { exact: true }).fill('1380013800');
    await eventually(() => errorText(page, MSG.phoneLength).isVisible()).toBe(true);
    await page.getByRole('tab', { name: '子账号' }).click();
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await eventually(() => errorText(page, MSG.accountRequired).isVisible()).toBe(true);
    await page.context().close();
  });

  test('register in three steps, then sign out', async () => {
    const page = await portal.newPage();
    await page.goto('/#/login?type=1');
    await page.getByText('立即注册').click();
    await page.waitForURL((u) => u.hash.includes('type=2'));
    await page.getByTestId('captcha-image').waitFor();
    await portal.screenshot(page, 'register-step1');

    // Every step-1 rule answers with its spec message.
    await page.getByRole('button', { name: '下一步' }).click();
    for (const text of [MSG.phoneRequired, MSG.smsRequired, MSG.agreementRequired]) {
      await eventually(() => errorText(page, text).isVisible()).toBe(true);
    }
    // Asking for a code needs a valid phone and captcha first.
    await page.getByLabel('手机号', { exact: true }).fill('13800');
    await page.getByRole('button', { name: MSG.getCode }).click();
    await eventually(() => errorText(page, MSG.captchaRequired).isVisible()).toBe(true);
    await eventually(() => errorText(page, MSG.phoneLength).isVisible()).toBe(true);
    await page.getByPlaceholder('请输入图形验证码').fill('abcd');
    await page.getByRole('button', { name: MSG.getCode }).click();
    await eventually(() => errorText(page, MSG.captchaRequired).isVisible()).toBe(false);
    expect(await portal.smsMessages('13800')).toEqual([]);

    await page.getByLabel('手机号', { exact: true }).fill(phone);
    // A wrong captcha: the server says why, and the captcha is replaced.
    await page.getByPlaceholder('请输入图形验证码').fill('zzzz');
    const replaced = page.waitForResponse((r) => r.url().includes(API.captchaImage));
    await page.getByRole('button', { name: MSG.getCode }).click();
    await replaced;
    await eventually(() => toast(page, '图形验证码').isVisible()).toBe(true);

    await requestSmsCode(page);
    await page.getByPlaceholder('请输入短信验证码').fill('12345');
    await eventually(() => errorText(page, MSG.smsLength).isVisible()).toBe(true);
    await page.getByPlaceholder('请输入短信验证码').fill(await portal.latestSmsCode(phone));

    // Each agreement opens its rich text from the server.
    await page.getByText('《隐私政策》').click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.locator('.rich-text').innerText()).not.toBe('');
    await dialog.getByRole('button', { name: '我已阅读' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2: user type fixed, company and password.
    await eventually(() => page.getByText('厂家', { exact: true }).isVisible()).toBe(true);
    await portal.screenshot(page, 'register-step2');
    await page.getByRole('button', { name: /^注\s*册$/ }).click();
    await eventually(() => errorText(page, MSG.companyRequired).isVisible()).toBe(true);
    await eventually(() => errorText(page, MSG.passwordSet).isVisible()).toBe(true);
    await page.getByLabel('登录密码').fill('12345');
    await eventually(() => errorText(page, MSG.passwordLength).isVisible()).toBe(true);
    await page.getByLabel('公司/店铺名称').fill('苏州测试电器有限公司');
    await page.getByLabel('登录密码').fill(firstPassword);
    await page.getByRole('button', { name: /^注\s*册$/ }).click();

    // Step 3: done, with 立即下单.
    await eventually(() => page.locator('.ant-result-title', { hasText: '注册成功' }).isVisible()).toBe(true);
    await portal.screenshot(page, 'register-step3');
    const vendor = await portal.db.selectFrom('users').innerJoin('vendors', 'vendors.id', 'users.vendor_id').select(['vendors.company']).where('users.phone', '=', phone).executeTakeFirst();
    expect(vendor?.company).toBe('苏州测试电器有限公司');
    await page.getByRole('button', { name: '立即下单' }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/orderCreate'));
    // Signed in: the header offers 退出; the footer is hidden on orderCreate.
    await page.locator('.site-header').waitFor();
    expect(await page.locator('.site-footer').count()).toBe(0);
    await logout(page);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await page.context().close();
  });

  test('password login, SMS login, forgot password and the new password', async () => {
    const page = await portal.newPage();
    await portal.loginAsMain(page, phone, firstPassword);
    await eventually(() => toast(page, MSG.loginOk).isVisible()).toBe(true);
    await page.locator('.site-footer').waitFor();
    await eventually(() => page.locator('.site-footer').innerText()).toContain('service@changfu.example.com');
    expect(await page.locator('.service-tool').innerText()).toContain('服务热线');
    await logout(page);

    // SMS-code login.
    await portal.skipSmsResendWait(phone);
    await page.getByText('短信验证码登录').click();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await requestSmsCode(page);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await page.waitForURL((u) => u.hash === '#/');
    await eventually(() => toast(page, MSG.loginOk).isVisible()).toBe(true);
    await logout(page);

    // Forgot password.
    await portal.skipSmsResendWait(phone);
    await page.getByText('忘记密码').click();
    await page.waitForURL((u) => u.hash.includes('type=3'));
    await page.getByTestId('captcha-image').waitFor();
    await portal.screenshot(page, 'forgot-password');
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await requestSmsCode(page);
    await page.getByLabel('新密码').fill(newPassword);
    await page.getByRole('button', { name: '确认修改' }).click();
    await eventually(() => errorText(page, MSG.confirmRequired).isVisible()).toBe(true);
    await page.getByLabel('确认密码').fill('Different1');
    await eventually(() => errorText(page, MSG.passwordMismatch).isVisible()).toBe(true);
    await page.getByLabel('确认密码').fill(newPassword);
    await page.getByRole('button', { name: '确认修改' }).click();
    await eventually(() => toast(page, MSG.modifyOk).isVisible()).toBe(true);
    await page.waitForURL((u) => u.hash.includes('type=1'));
    // The forgot-password form has a 手机号 field too: fill the login form only once it has replaced it.
    await page.getByRole('button', { name: '确认修改' }).waitFor({ state: 'detached' });
    await page.getByLabel('密码', { exact: true }).waitFor();

    // The old password no longer works; the new one does.
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await eventually(() => toast(page, '账号或密码错误').isVisible()).toBe(true);
    expect(page.url()).toContain('#/login');
    await portal.loginAsMain(page, phone, newPassword);
    expect(new URL(page.url()).hash).toBe('#/');
    await page.context().close();
  });

  test('three wrong passwords: the login form asks for the graphic captcha, and signs in with it (decision 113)', async () => {
    const page = await portal.newPage();
    await page.goto('/#/login?type=1');
    await page.getByRole('tab', { name: '主账号' }).click();
    expect(await page.getByPlaceholder('请输入图形验证码').count()).toBe(0);
    for (let i = 0; i < 3; i++) {
      const answer = page.waitForResponse((r) => r.url().endsWith(API.login));
      await page.getByLabel('手机号', { exact: true }).fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(`Wrong${i}pass`);
      await page.getByRole('button', { name: LOGIN_BUTTON }).click();
      await answer;
      await refusalHandled(page, page.getByLabel('密码', { exact: true }));
    }
    await page.getByPlaceholder('请输入图形验证码').waitFor();
    await portal.screenshot(page, 'login-captcha');
    // Submitting without it says what is missing.
    await page.getByLabel('密码', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await eventually(() => errorText(page, MSG.captchaRequired).isVisible()).toBe(true);
    await page.getByPlaceholder('请输入图形验证码').fill(await portal.readCaptcha(page));
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await page.waitForURL((u) => u.hash === '#/');
    await page.context().close();
  });

  test('the password sign-in works from the keyboard: arrows switch the tabs, Tab reaches the fields, Enter signs in', async () => {
    const page = await portal.newPage();
    await page.goto('/#/login?type=1');
    const main = page.getByRole('tab', { name: '主账号' });
    const sub = page.getByRole('tab', { name: '子账号' });
    await main.focus();
    await page.keyboard.press('ArrowRight');
    await eventually(() => sub.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('textbox', { name: '子账号', exact: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await eventually(() => main.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Tab');
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('userName');
    await page.keyboard.type(DEMO.mainPhone);
    await page.keyboard.press('Tab');
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.hash === '#/');
    await eventually(() => toast(page, MSG.loginOk).isVisible()).toBe(true);
    await page.context().close();
  });

  test('the console login asks for the captcha after three wrong passwords too', async () => {
    const page = await portal.newPage();
    await page.goto('/#/platform/login');
    for (let i = 0; i < 3; i++) {
      const answer = page.waitForResponse((r) => r.url().endsWith(PLATFORM_API.login));
      await page.getByLabel('运营账号').fill(DEMO.operatorAccount);
      await page.getByLabel('密码').fill(`Wrong${i}pass`);
      await page.getByRole('button', { name: LOGIN_BUTTON }).click();
      await answer;
      await refusalHandled(page, page.getByLabel('密码'));
    }
    await page.getByPlaceholder('请输入图形验证码').waitFor();
    await page.getByLabel('密码').fill(DEMO.operatorPassword);
    await page.getByPlaceholder('请输入图形验证码').fill(await portal.readCaptcha(page));
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/platform/') && !u.hash.startsWith('#/platform/login'));
    await page.context().close();
  });

  test('the demo sub-account sees only its permitted menus', async () => {
    const page = await portal.newPage();
    await portal.loginAsSub(page);
    const header = page.locator('.head-nav');
    await eventually(() => header.innerText()).toContain('订单管理');
    await eventually(() => header.innerText()).not.toContain('账户信息');
    // neither app:account:list nor app:account:recharge: no 我的钱包 (decision 274)
    expect(await header.innerText()).not.toContain('我的钱包');
    await header.getByText('订单管理').click();
    await page.waitForURL((u) => u.hash.startsWith('#/manage/order'));
    const menu = page.locator('.manage__side');
    await eventually(() => menu.innerText()).toContain('我的订单');
    const text = await menu.innerText();
    for (const item of ['一键下单', '我的订单', '产品管理', '知识库管理']) expect(text).toContain(item);
    // 售后管理 follows app:afterSale:list, which the demo sub-account does not hold (decision 274)
    for (const item of ['售后管理', '完工图库', '收支明细', '账户充值', '基本信息', '账户安全', '账户管理']) expect(text).not.toContain(item);
    await portal.screenshot(page, 'sub-account-menu');

    // The main account in another context sees everything, 账户管理 included.
    const main = await portal.newPage();
    await portal.loginAsMain(main);
    await main.locator('.home-hero').waitFor();
    await eventually(() => main.locator('.home-hero__title').innerText()).toContain('华东智能家电制造有限公司');
    await eventually(() => main.locator('.home-stats__total-value').innerText()).toMatch(/^7,646,\d{3}$/);
    expect(await main.title()).toBe('用户首页 - 厂家服务下单门户');
    await portal.screenshot(main, 'home');
    await main.goto('/#/manage/zhangHao');
    await main.locator('.manage__side').waitFor();
    await eventually(() => main.locator('.manage__side').innerText()).toContain('账户管理');
    for (const item of ['售后管理', '完工图库', '收支明细', '账户充值', '基本信息', '账户安全']) expect(await main.locator('.manage__side').innerText()).toContain(item);
    expect(await main.locator('.head-nav').innerText()).toContain('账户信息');
    expect(await main.locator('.head-nav').innerText()).toContain('我的钱包');
    await portal.screenshot(main, 'main-account-menu');
  });

  test('an expired session asks to sign in again (body code 401)', async () => {
    const page = await portal.newPage();
    await page.goto('/#/login');
    await page.evaluate(() => localStorage.setItem('portal.token', 'expired-or-forged-token'));
    await page.goto('/#/manage/account');
    const dialog = page.locator('.ant-modal-confirm');
    await eventually(() => dialog.innerText()).toContain(MSG.notLoggedIn);
    expect(await dialog.innerText()).toContain(MSG.systemTip);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/login'));
  });

  test('the operator signs in to the platform console with its own token', async () => {
    const page = await portal.newPage();
    await page.goto('/#/platform/recharges');
    await page.waitForURL((u) => u.hash.startsWith('#/platform/login'));
    await portal.loginAsOperator(page);
    expect(new URL(page.url()).hash).toBe('#/platform/recharges');
    for (const item of ['充值审核', '厂家资金', '产品审核', '订单调度', '师傅管理']) await page.getByRole('menuitem', { name: item }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('portal.platformToken'))).toBeTruthy();
    await portal.screenshot(page, 'platform-console');
  });
});
