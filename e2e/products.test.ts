import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@portal/domain/api-paths';
import { ORDER_STATUS } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_PRODUCT_API, PRODUCT_TEXT } from '@portal/domain/products';
import { Canvas } from '../apps/server/src/db/seed/png';
import { startPortal, type Portal } from './harness';

// Issue #5 journey: add a product with a picture, a video and a drawing; the operator passes it
// with guide prices; the vendor sees it passed with its prices; batch delete; the refusal for a
// product on an order in progress; the instructor edit dialog.

let portal: Portal;
let vendor: Page;
beforeAll(async () => {
  portal = await startPortal();
  vendor = await portal.newPage();
  await portal.loginAsMain(vendor);
});
afterAll(async () => {
  await portal?.close();
});

const MODEL = 'E2E-DSF-85';
const png = (rgb: [number, number, number]) => new Canvas(120, 90, [240, 244, 250]).rect(20, 20, 80, 50, rgb, 8).png();
// The smallest file the server's content check takes for an mp4: an ftyp box.
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), Buffer.alloc(200)]);

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const row = (page: Page, model: string) => page.locator('.ant-table-row', { hasText: model });

async function openList(page: Page) {
  await page.goto('/#/manage/product');
  await page.reload();
  await page.locator('.ant-table-row').first().waitFor();
}
async function search(page: Page, keywords: string) {
  await page.getByPlaceholder('产品名称/型号/备注').fill(keywords);
  const answer = page.waitForResponse((r) => r.url().includes(API.productList));
  await page.getByRole('button', { name: /^搜\s*索$/ }).click();
  await answer;
}

/** Adds a titled file through the upload dialog (spec 02 §2.7). */
async function addFile(page: Page, button: string, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '标题' }).last();
  await dialog.waitFor();
  // Both rules of the dialog first.
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.getByText(MSG.titleRequired, { exact: true }).last().waitFor();
  await dialog.getByText(MSG.fileRequired, { exact: true }).waitFor();
  await dialog.getByPlaceholder(MSG.titleRequired).fill(title);
  const uploaded = page.waitForResponse((r) => r.url().includes(API.uploadFile));
  await dialog.locator('input[type=file]').setInputFiles(file);
  await uploaded;
  await dialog.getByTestId('upload-item').waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('product catalogue journey', () => {
  test('the add form checks its rules, then adds a product with a picture, a video and a drawing', async () => {
    const page = vendor;
    await page.goto('/#/manage/productAdd');
    await page.getByText('添加产品', { exact: true }).last().waitFor();
    expect(await page.locator('.ant-breadcrumb').innerText()).toMatch(/首页\s*\/\s*产品管理\s*\/\s*添加产品/);
    await portal.screenshot(page, 'products-add-empty');

    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText(MSG.productRequired, { exact: true }).first().waitFor();
    await page.getByText(MSG.modelNameRequired, { exact: true }).first().waitFor();
    expect(await page.getByText(MSG.priceAtLeastOne).count()).toBe(0);

    // Category to the deepest level.
    await page.locator('.ant-cascader').click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^热水器$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^电热水器$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^即热式$/ }).click();
    await page.getByPlaceholder(MSG.modelNameRequired).fill(MODEL);
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText(MSG.priceAtLeastOne).waitFor();

    const picture = page.waitForResponse((r) => r.url().includes(API.uploadFile));
    await page.locator('#productPicture input[type=file]').setInputFiles({ name: 'dsf85.png', mimeType: 'image/png', buffer: png([64, 140, 230]) });
    await picture;
    await page.locator('#productPicture').getByTestId('upload-item').waitFor();

    await addFile(page, '添加视频', '安装演示', { name: 'install.mp4', mimeType: 'video/mp4', buffer: mp4 });
    await addFile(page, '添加样图', '完工样图', { name: 'done.png', mimeType: 'image/png', buffer: png([240, 130, 50]) });
    expect(await page.getByTestId('product-file').count()).toBe(2);

    const priceInput = (label: string) => page.locator('.ant-form-item', { has: page.locator('label', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) }).locator('input');
    // Issue 48 item 6: a negative or fractional price is refused in words, never turned into ¥1.00.
    let sent = 0;
    const count = (r: { url(): string }) => void (r.url().endsWith(API.productAdd) && sent++);
    page.on('request', count);
    await priceInput('安装').fill('-5');
    await priceInput('维修(普通)').fill('1.5');
    await page.getByPlaceholder('请输入技术指导姓名').click(); // leave the fields: antd clamps on blur
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error', { hasText: MSG.positiveInteger }).count()).toBe(2);
    expect(await priceInput('安装').inputValue()).toBe('-5');
    expect(await priceInput('维修(普通)').inputValue()).toBe('1.5');
    await portal.screenshot(page, 'products-add-negative-price-1440');
    for (const [w, h] of [[1366, 768]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await portal.screenshot(page, `products-add-negative-price-${w}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    page.off('request', count);
    expect(sent).toBe(0);
    await priceInput('安装').fill('150');
    await priceInput('维修(普通)').fill('80');
    await page.getByPlaceholder('请输入技术指导姓名').fill('李工');
    await page.getByPlaceholder('请输入技术指导手机号').fill('123');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText(MSG.phoneFormat).waitFor();
    await page.getByPlaceholder('请输入技术指导手机号').fill('13700137000');
    await portal.screenshot(page, 'products-add-filled');

    const added = page.waitForResponse((r) => r.url().endsWith(API.productAdd));
    await page.getByRole('button', { name: /提\s*交/ }).click();
    expect((await (await added).json()).code).toBe(200);
    const confirm = page.locator('.ant-modal-confirm', { hasText: MSG.submitOkContinue });
    await confirm.waitFor();
    // A success says so with a success icon, not the warning sign.
    expect(await confirm.locator('.anticon-check-circle').count()).toBe(1);
    expect(await confirm.locator('.anticon-exclamation-circle').count()).toBe(0);
    await portal.screenshot(page, 'products-add-confirm');

    // 继续添加 resets the form.
    await confirm.getByRole('button', { name: '继续添加' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByPlaceholder(MSG.modelNameRequired).inputValue()).toBe('');
    expect(await page.getByTestId('product-file').count()).toBe(0);

    const stored = await portal.db.selectFrom('products').selectAll().where('model_name', '=', MODEL).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ category_name: '即热式', check_status: 0, installation_fen: 15000, repair_fen: 8000, instructor_name: '李工', instructor_phone: '13700137000' });
    expect(stored.picture).toMatch(/^\/product\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(JSON.parse(stored.videos)).toEqual([{ fileName: '安装演示', fileType: 2, fileUrl: expect.stringMatching(/\.mp4$/) }]);
    expect(JSON.parse(stored.drawings)).toEqual([{ fileName: '完工样图', fileType: 1, fileUrl: expect.stringMatching(/\.png$/) }]);
    // The picture is served back through a signed URL only (decision 121).
    expect((await fetch(`${portal.baseUrl}/files${stored.picture}`)).status).toBe(403);
    const served = await fetch(`${portal.baseUrl}${portal.app.fileUrls.sign(stored.picture)}`);
    expect(served.status).toBe(200);

    await openList(page);
    await search(page, MODEL);
    await row(page, MODEL).waitFor();
    expect(await row(page, MODEL).innerText()).toContain('审核中');
  });

  test('the operator passes it with guide prices, and the vendor sees it passed with its prices', async () => {
    const op = await portal.newPage();
    await portal.loginAsOperator(op);
    await op.goto('/#/platform/products');
    await row(op, MODEL).waitFor();
    await portal.screenshot(op, 'products-platform-review');
    await row(op, MODEL).getByRole('button', { name: '通过' }).click();
    const dialog = op.locator('.ant-modal', { hasText: '保外指导价' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确认通过' }).click();
    await dialog.getByText(PRODUCT_TEXT.guideRequired('installation')).waitFor();
    const inputs = dialog.locator('input.ant-input-number-input');
    expect(await inputs.count()).toBe(2);
    await inputs.nth(0).fill('195');
    await inputs.nth(1).fill('104.5');
    await dialog.locator('textarea').first().fill('更换加热管以外的一般故障');
    await portal.screenshot(op, 'products-platform-pass-dialog');
    const passed = op.waitForResponse((r) => r.url().endsWith(PLATFORM_PRODUCT_API.pass));
    await dialog.getByRole('button', { name: '确认通过' }).click();
    expect((await (await passed).json()).code).toBe(200);
    await row(op, MODEL).waitFor({ state: 'detached' });

    await openList(vendor);
    await search(vendor, MODEL);
    const r = row(vendor, MODEL);
    await expect.poll(() => r.innerText()).toContain('审核通过');
    const text = await r.innerText();
    expect(text).toContain('¥150.00');
    expect(text).toContain('/ ¥195.00');
    expect(text).toContain('¥80.00');
    expect(text).toContain('/ ¥104.50');
    expect(text).toContain('安装演示');
    expect(text).toContain('完工样图');
    expect(text).toContain('即热式');
  });

  test('the instructor edit dialog changes only name and phone', async () => {
    const page = vendor;
    await row(page, MODEL).getByRole('button', { name: '编辑' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '编辑技术指导' });
    await dialog.waitFor();
    expect(await dialog.getByPlaceholder('请输入技术指导姓名').inputValue()).toBe('李工');
    await dialog.getByPlaceholder('请输入技术指导手机号').fill('1390000');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText(MSG.phoneFormat).waitFor();
    await dialog.getByPlaceholder('请输入技术指导姓名').fill('赵工');
    await dialog.getByPlaceholder('请输入技术指导手机号').fill('13912345678');
    await portal.screenshot(page, 'products-edit');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, MSG.modifyOk).waitFor();
    await expect.poll(() => row(page, MODEL).innerText()).toContain('13912345678');
  });

  test('batch delete warns when nothing is selected, then deletes two products after the confirm', async () => {
    const page = vendor;
    await openList(page);
    await portal.screenshot(page, 'products-list');
    const warned = toast(page, PRODUCT_TEXT.selectToDelete).waitFor();
    await page.getByRole('button', { name: '批量删除' }).click();
    await warned;

    // Two catalogue products no order uses (the demo's KFR models are on orders in progress).
    const demo = await portal.db.selectFrom('products').selectAll().where('model_name', 'like', 'KFR%').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = demo;
    const ids: number[] = [];
    for (const model of ['DEL-A1', 'DEL-A2']) {
      ids.push((await portal.db.insertInto('products').values({ ...copy, model_name: model, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id);
    }
    await search(page, 'DEL-A');
    // The two rows by name, then nothing else: a bare row count can be met by another list.
    await row(page, 'DEL-A1').waitFor();
    await row(page, 'DEL-A2').waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(2);
    await page.getByRole('checkbox', { name: '全选' }).check();
    await page.getByRole('button', { name: '批量删除' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: MSG.confirmDeleteProduct });
    await confirm.waitFor();

    // The toast shows only for 3 s and may come before the table has re-rendered, so everything the
    // delete brings is awaited from before the click: its answer, the toast, and the list asked
    // again after the answer; only then are the rows expected gone.
    const deleted = page.waitForResponse((r) => r.url().includes(API.productDelete('')));
    let deleteAnswered = false;
    const relisted = page.waitForResponse((r) => {
      if (r.url().includes(API.productDelete(''))) deleteAnswered = true;
      return deleteAnswered && r.url().includes(API.productList) && r.url().includes('keywords=DEL-A');
    });
    const toasted = toast(page, MSG.deleteOk).waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    const answer = await deleted;
    expect((await answer.json()).code).toBe(200);
    expect(answer.url().split('/').pop()!.split(',').map(Number).sort((a, b) => a - b)).toEqual(ids);
    await relisted;
    await toasted;
    await page.locator('.ant-table-row').first().waitFor({ state: 'detached' });
    const left = await portal.db.selectFrom('products').select('id').where('model_name', 'like', 'DEL-A%').where('deleted_at', 'is', null).execute();
    expect(left).toHaveLength(0);
  });

  test('a product on an order in progress cannot be deleted, and the answer names it', async () => {
    const page = vendor;
    const product = await portal.db.selectFrom('products').select(['id', 'vendor_id', 'created_by', 'category_name']).where('model_name', '=', MODEL).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const order = await portal.db
      .insertInto('orders')
      .values({
        vendor_id: product.vendor_id, created_by: product.created_by, order_no: `E2E${Date.now()}`, status: ORDER_STATUS.awaitingAccept, node: 210, parole: 1,
        service_type: 1, phone: '13800000000', province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '上海市',
        district_id: '310112', district_name: '闵行区', detail_address: '申长路1号', total_fen: 15000, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await portal.db.insertInto('order_products').values({ order_id: order.id, vendor_id: product.vendor_id, product_id: product.id, number: 1, price_fen: 15000 }).execute();

    await openList(page);
    await search(page, MODEL);
    await row(page, MODEL).getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: MSG.confirmDeleteProduct });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    const refusal = PRODUCT_TEXT.inUse([`${product.category_name} ${MODEL}`]);
    await page.getByText(refusal).first().waitFor();
    await portal.screenshot(page, 'products-delete-refused');
    await page.keyboard.press('Escape');
    await openList(page);
    await search(page, MODEL);
    await row(page, MODEL).waitFor();
  });
});
