import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@portal/domain/messages';
import { transferReceiptPng } from '../apps/server/src/db/seed/wallet-proof-image';
import { simplePdf } from '../apps/server/src/db/seed/simple-pdf';
import { readZipEntries } from '../apps/server/test/zip';
import { DEMO_LOGINS, startPortal, type Portal, LOGIN_BUTTON } from './harness';

// Issue #3 journeys: sub-account permissions and data scope, account info with a licence and
// addresses, security (password, phone, close account) and the knowledge base with downloads.

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('accounts');
});

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s*定$/ }).click();
const sideMenu = async (page: Page) => {
  await page.locator('.manage__side .ant-menu-item').first().waitFor();
  return page.locator('.manage__side .ant-menu-item').allInnerTexts();
};
const knowledgeTitles = async (page: Page) => {
  await page.locator('.ant-table-tbody').waitFor();
  await page.waitForLoadState('networkidle');
  return page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
};

async function addKnowledge(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增知识库' });
  await dialog.getByLabel('标题').fill(title);
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByTestId('upload-item').waitFor();
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await toast(page, MSG.addOk);
}

describe('sub-account permissions', () => {
  const account = 'lisi2026';
  const password = 'lisi12345';

  test('the main account creates a sub-account and grants a subset with data scope own', async () => {
    const main = await portal.newPage();
    await portal.loginAsMain(main);
    await main.goto('/#/manage/zhangHao');
    await main.getByRole('button', { name: '添加子账号' }).click();
    const dialog = main.locator('.ant-modal').filter({ hasText: '添加子账号' });
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await dialog.getByText(MSG.nameRequired).waitFor();
    await dialog.getByLabel('姓名').fill('李四');
    await dialog.getByLabel('登录账号').fill('li si');
    await dialog.getByText(MSG.accountChars).waitFor();
    await dialog.getByLabel('登录账号').fill(account);
    await dialog.getByLabel('登录密码').fill(password);
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await toast(main, MSG.addOk);
    const row = main.locator('.ant-table-row', { hasText: account });
    await row.waitFor();
    expect(await row.innerText()).toContain('******');
    await portal.screenshot(main, 'accounts-sub-accounts');

    await main.getByRole('tab', { name: MSG.tabSubAccountPermissions }).click();
    await main.getByLabel('选择子账号').click();
    await main.locator('.ant-select-item-option', { hasText: account }).click();
    await main.getByTestId('perm-node-12').waitFor();
    const check = async (id: number) => {
      const saved = main.waitForResponse((r) => r.url().includes('/addSubAccountsMenu/'));
      await main.locator('.ant-tree-treenode', { has: main.getByTestId(`perm-node-${id}`) }).locator('.ant-tree-checkbox').click();
      await saved;
      await main.waitForLoadState('networkidle');
    };
    await check(12);
    await check(16);
    await check(31);
    const uncheck = main.waitForResponse((r) => r.url().includes('/delectSubAccountMenu/127/'));
    await main.locator('.ant-tree-treenode', { has: main.getByTestId('perm-node-127') }).locator('.ant-tree-checkbox').click();
    await uncheck;
    await main.waitForLoadState('networkidle');
    const scope = main.waitForResponse((r) => r.url().includes('/upDataSubAccountsMenu/'));
    await main.getByTestId('perm-node-16').getByText('仅本账号数据').click();
    await scope;
    await main.waitForLoadState('networkidle');
    await portal.screenshot(main, 'accounts-permissions');

    const sub = await portal.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    const grants = await portal.db.selectFrom('user_menus').select(['menu_id', 'data_permissions']).where('user_id', '=', sub.id).orderBy('menu_id').execute();
    expect(grants.map((g) => g.menu_id)).toEqual([1, 3, 12, 16, 31, 121, 122, 123, 124, 125, 126, 128, 161]);
    expect(grants.find((g) => g.menu_id === 16)!.data_permissions).toBe(1);
  });

  test('the sub-account sees exactly those menus and only its own knowledge-base items', async () => {
    const sub = await portal.newPage();
    await portal.loginAsSub(sub, account, password);
    await sub.goto('/#/manage/zhiShiKu');
    // 售后管理 needs its own key (15), not granted here (decision 274).
    expect(await sideMenu(sub)).toEqual(['我的订单', '产品管理', '知识库管理', '基本信息', '消息通知']);
    expect(await knowledgeTitles(sub)).toEqual([]);
    await addKnowledge(sub, '李四的资料', { name: 'lisi.pdf', mimeType: 'application/pdf', buffer: simplePdf(['lisi']) });
    await expect.poll(() => knowledgeTitles(sub)).toEqual(['李四的资料']);
    await portal.screenshot(sub, 'accounts-sub-knowledge');

    const main = await portal.newPage();
    await portal.loginAsMain(main);
    await main.goto('/#/manage/zhiShiKu');
    await expect.poll(async () => (await knowledgeTitles(main)).length).toBe(3);
    expect(await knowledgeTitles(main)).toContain('李四的资料');
  });
});

describe('account info', () => {
  test('editing info with a licence upload and addresses persists across reload', async () => {
    const page = await portal.newPage();
    await portal.loginAsMain(page);
    await page.goto('/#/manage/zhangHaoInfo');
    await page.getByLabel('公司名称').waitFor();
    await page.getByLabel('联系人', { exact: true }).fill('赵主管');
    await page.locator('input[type=file]').first().setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: transferReceiptPng() });
    await page.getByTestId('upload-item').first().waitFor();
    await page.getByRole('button', { name: '添加收货地址' }).click();
    const row = page.getByTestId('address-row').last();
    await row.getByPlaceholder('联系人').fill('钱仓管');
    await row.getByPlaceholder('手机号').fill('13911112222');
    await row.locator('.ant-cascader').click();
    for (const name of ['浙江省', '杭州市', '西湖区']) await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
    await row.getByPlaceholder('详细地址').fill('文三路 90 号 2 号仓');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await toast(page, MSG.saveOk);

    await page.reload();
    await page.getByTestId('address-row').first().waitFor();
    await expect.poll(() => page.getByTestId('address-row').count()).toBe(2);
    const last = page.getByTestId('address-row').last();
    expect(await last.getByPlaceholder('联系人').inputValue()).toBe('钱仓管');
    await expect.poll(() => last.locator('.ant-cascader').innerText(), { timeout: 10_000 }).toContain('西湖区');
    expect(await last.getByPlaceholder('详细地址').inputValue()).toBe('文三路 90 号 2 号仓');
    expect(await page.getByLabel('联系人', { exact: true }).inputValue()).toBe('赵主管');
    const img = page.locator('#license img');
    await img.waitFor();
    const src = await img.getAttribute('src');
    // A short-lived signed URL (decision 121); the bare path is refused.
    expect(src).toMatch(/^\/files\/license\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\?expires=\d+&sig=[0-9a-f]{64}$/);
    expect((await page.request.get(src!.replace(/\?.*$/, ''))).status()).toBe(403);
    const served = await page.request.get(src!);
    expect(Buffer.from(await served.body()).equals(transferReceiptPng())).toBe(true);
    await img.click();
    await page.locator('.ant-image-preview').waitFor();
    await portal.screenshot(page, 'accounts-info-licence-viewer');
    await page.keyboard.press('Escape');
    await portal.screenshot(page, 'accounts-info');
  });
});

describe('knowledge base', () => {
  test('a file is uploaded, downloaded (bytes equal), zipped with another, deleted', async () => {
    const page = await portal.newPage();
    await portal.loginAsMain(page);
    await page.goto('/#/manage/zhiShiKu');
    const manual = simplePdf(['Maintenance manual', 'page one']);
    await addKnowledge(page, '维修手册', { name: 'manual.pdf', mimeType: 'application/pdf', buffer: manual });
    const row = page.locator('.ant-table-row', { hasText: '维修手册' });
    await row.waitFor();
    await portal.screenshot(page, 'accounts-knowledge');

    const single = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载' }).click();
    const file = await (await single).path();
    expect(readFileSync(file).equals(manual)).toBe(true);

    await row.locator('.ant-checkbox-input').check();
    await page.locator('.ant-table-row', { hasText: '空调安装操作规范' }).locator('.ant-checkbox-input').check();
    const zipped = page.waitForEvent('download');
    await page.getByRole('button', { name: /批量下载/ }).click();
    const zip = readZipEntries(readFileSync(await (await zipped).path()));
    expect([...zip.keys()].sort()).toEqual(['维修手册.pdf', '空调安装操作规范.pdf'].sort());
    expect(zip.get('维修手册.pdf')!.equals(manual)).toBe(true);

    await row.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-modal-confirm', { hasText: MSG.confirmDeleteKnowledge }).waitFor();
    await confirmDialog(page);
    await toast(page, MSG.deleteOk);
    await expect.poll(() => knowledgeTitles(page)).not.toContain('维修手册');
  });
});

describe('account security', () => {
  const newPassword = 'Changed888';
  const newPhone = '13612345678';

  test('change password, then log in with the new one', async () => {
    const page = await portal.newPage();
    await portal.loginAsMain(page);
    await page.goto('/#/manage/zhangHaoSafety');
    await page.getByTestId('bound-phone').getByText('138****8000').waitFor();
    await portal.screenshot(page, 'accounts-safety');
    const captcha = portal.nextCaptcha(page);
    await page.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' });
    await dialog.getByPlaceholder('请输入图形验证码').fill(await captcha);
    await dialog.getByRole('button', { name: MSG.getCode }).click();
    await dialog.getByPlaceholder('请输入短信验证码').fill(await portal.latestSmsCode(DEMO_LOGINS.mainPhone));
    await dialog.getByLabel('新密码').fill(newPassword);
    await dialog.getByLabel('确认密码').fill('different1');
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await dialog.getByText(MSG.passwordMismatch).waitFor();
    await dialog.getByLabel('确认密码').fill(newPassword);
    await portal.screenshot(page, 'accounts-change-password');
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await toast(page, MSG.modifyOk);

    const again = await portal.newPage();
    await portal.loginAsMain(again, DEMO_LOGINS.mainPhone, newPassword);
    expect(again.url()).not.toContain('login');
  });

  test('change phone in two steps', async () => {
    await portal.skipSmsResendWait(DEMO_LOGINS.mainPhone);
    const page = await portal.newPage();
    await portal.loginAsMain(page, DEMO_LOGINS.mainPhone, newPassword);
    await page.goto('/#/manage/zhangHaoSafety');
    const captcha = portal.nextCaptcha(page);
    await page.getByRole('button', { name: '更换手机号' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '更换手机号' });
    await dialog.getByPlaceholder('请输入图形验证码').fill(await captcha);
    await dialog.getByRole('button', { name: MSG.getCode }).click();
    const oldCode = await portal.latestSmsCode(DEMO_LOGINS.mainPhone);
    await dialog.getByPlaceholder('请输入短信验证码').fill(oldCode);
    await dialog.getByRole('button', { name: '下一步' }).click();
    await dialog.getByLabel('新手机号').waitFor();
    await dialog.getByLabel('新手机号').fill(newPhone);
    // The step's own captcha: the last one the page loaded once the new step shows its image and the
    // network is idle (a captcha promised before the click could be a late refresh of step one's).
    await dialog.getByTestId('captcha-image').waitFor();
    await page.waitForLoadState('networkidle');
    await dialog.getByPlaceholder('请输入图形验证码').fill(await portal.readCaptcha(page));
    await dialog.getByRole('button', { name: MSG.getCode }).click();
    await dialog.getByPlaceholder('请输入短信验证码').fill(await portal.latestSmsCode(newPhone));
    await portal.screenshot(page, 'accounts-change-phone');
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await toast(page, MSG.modifyOk);
    await page.getByTestId('bound-phone').getByText('136****5678').waitFor();
  });

  test('close the account, then logging in fails', async () => {
    const page = await portal.newPage();
    await portal.loginAsMain(page, newPhone, newPassword);
    await page.goto('/#/manage/zhangHaoSafety');
    await page.getByRole('button', { name: '注销账号' }).click();
    await page.locator('.ant-modal-confirm', { hasText: '无法恢复' }).waitFor();
    await portal.screenshot(page, 'accounts-close-account');
    await confirmDialog(page);
    await toast(page, MSG.logoffOk);
    await page.waitForURL((u) => u.hash.startsWith('#/login'));

    await page.getByRole('tab', { name: '主账号' }).click();
    await page.getByRole('textbox', { name: '手机号', exact: true }).fill(newPhone);
    await page.getByLabel('密码', { exact: true }).fill(newPassword);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    expect((await (await answer).json()).code).toBe(400);
    expect(page.url()).toContain('#/login');
  });
});
