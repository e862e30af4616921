import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { OLD_PASSWORD_WRONG } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { DEMO_LOGINS, startPortal, type Portal } from './harness';

// Sub-accounts change their own password on the security screen (docs/decisions/095): the demo
// sub-account with its bound phone by SMS code, a sub-account without a phone by its old password.

const SUB_PHONE = '13900139000';
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
  const main = await portal.db.selectFrom('users').select('vendor_id').where('phone', '=', DEMO_LOGINS.mainPhone).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const phoneless = await portal.db
    .insertInto('users')
    .values({ vendor_id: main.vendor_id, is_sub: 1, account: 'wangwu', name: '王五', password_hash: await hashPassword(DEMO_LOGINS.password), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const zhangsan = await portal.db.selectFrom('users').select('id').where('account', '=', DEMO_LOGINS.subAccount).executeTakeFirstOrThrow();
  // 账户设置 (3) → 账户安全 (32) for both.
  for (const user of [zhangsan.id, phoneless.id]) {
    await portal.db.insertInto('user_menus').values([3, 32].map((menu_id) => ({ user_id: user, menu_id, vendor_id: main.vendor_id, data_permissions: 0 }))).execute();
  }
});
afterAll(async () => {
  await portal?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('sub-password');
});

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();

async function openDialog(page: Page, boundPhone: string) {
  await page.goto('/#/manage/zhangHaoSafety');
  await page.getByTestId('bound-phone').getByText(boundPhone).waitFor();
  await page.getByRole('button', { name: '修改密码' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' });
  await dialog.waitFor();
  return dialog;
}

async function fillNewPassword(dialog: ReturnType<Page['locator']>, password: string) {
  await dialog.getByLabel('新密码').fill(password);
  await dialog.getByLabel('确认密码').fill(password);
}

describe('sub-account password change', () => {
  test('with a bound phone: the code goes to the sub-account’s own phone', async () => {
    const page = await portal.newPage();
    await portal.loginAsSub(page);
    const captcha = portal.nextCaptcha(page);
    const dialog = await openDialog(page, '139****9000');
    await dialog.getByPlaceholder('请输入图形验证码').fill(await captcha);
    await dialog.getByRole('button', { name: MSG.getCode }).click();
    await dialog.getByPlaceholder('请输入短信验证码').fill(await portal.latestSmsCode(SUB_PHONE));
    await fillNewPassword(dialog, 'SubNew888');
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await toast(page, MSG.modifyOk);

    const again = await portal.newPage();
    await portal.loginAsSub(again, DEMO_LOGINS.subAccount, 'SubNew888');
    expect(again.url()).not.toContain('login');
  });

  test('without a phone: the old password', async () => {
    const page = await portal.newPage();
    await portal.loginAsSub(page, 'wangwu');
    const dialog = await openDialog(page, '未绑定');
    expect(await dialog.getByPlaceholder('请输入图形验证码').count()).toBe(0);
    await dialog.getByLabel('原密码').fill('not-my-password');
    await fillNewPassword(dialog, 'Wangwu888');
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await toast(page, OLD_PASSWORD_WRONG);
    await dialog.getByLabel('原密码').fill(DEMO_LOGINS.password);
    await portal.screenshot(page, 'sub-account-change-password');
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await toast(page, MSG.modifyOk);

    const again = await portal.newPage();
    await portal.loginAsSub(again, 'wangwu', 'Wangwu888');
    expect(again.url()).not.toContain('login');
  });
});
