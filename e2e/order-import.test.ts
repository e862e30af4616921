import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Response } from 'playwright-core';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { IMPORT_MSG } from '@portal/domain/order-import';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { moveBalance } from '../apps/server/src/lib/wallet-ledger';
import { fillWorkbook, validRow, type RowValues } from '../apps/server/src/modules/order-import/order-import.fixtures';
import { workbookBomb } from '../apps/server/src/modules/order-import/hostile-workbooks.fixtures';
import { DEMO_LOGINS, startPortal, type Portal } from './harness';

// Issue 18 journey: on the order list, 批量导入 — download the template, fill 20 rows (3 wrong) in it,
// the preview names exactly the 3 (row, column, message), the import creates the other orders in
// 待付款, and batch pay pays each from the wallet (one ledger movement per order).

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('order-import');
});

/** The dialog alone (the list behind it makes full-page shots tall). */
const dialogShot = (page: Page, name: string) => page.locator('.order-import-dialog').first().screenshot({ path: `test-results/screens/${name}.png`, animations: 'disabled' });
const phone = (i: number) => `1377700${String(1000 + i).slice(-4)}`;

/** 下载错误明细 in the open dialog: the 3 wrong rows of the 20 alone, as rows 2–4, each with its 错误原因. */
async function expectErrorWorkbook(page: Page) {
  const errorsFile = page.waitForEvent('download');
  await page.locator('[data-action="download-errors"]').click();
  const bytes = await readFile((await (await errorsFile).path())!);
  const annotated = new ExcelJS.Workbook();
  await annotated.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = annotated.getWorksheet('订单导入')!;
  const col = (sheet.getRow(1).values as unknown[]).indexOf('错误原因');
  expect(col).toBeGreaterThan(0);
  const phones: string[] = [];
  sheet.eachRow((r, n) => void (n > 1 && phones.push(String(r.getCell(2).value))));
  expect(phones).toEqual(['1377', phone(9), phone(14)]);
  expect(sheet.getRow(2).getCell(col).value).toBe(`客户手机号：${MSG.phoneLength}`);
  return bytes;
}

/** The import itself (not the preview): POST /api/app/order/import with skipDuplicates, never dryRun (decision 299). */
const isImport = (r: Response) => new URL(r.url()).pathname === API.orderImport && !r.url().includes('dryRun=1');

describe('bulk import journey', () => {
  let page: Page;
  let vendorId: number;
  let models: string[];
  let created: number[] = [];
  let errorWorkbook: Buffer;

  test('downloads the template, previews 20 rows with exactly the 3 wrong ones, imports the rest', async () => {
    const db = portal.db;
    const user = await db.selectFrom('users').select('vendor_id').where('phone', '=', DEMO_LOGINS.mainPhone).where('is_sub', '=', 0).executeTakeFirstOrThrow();
    vendorId = user.vendor_id;
    // Models the form can order in warranty for installation, named once in 产品管理.
    const products = await db.selectFrom('products').select(['model_name', 'installation_fen']).where('vendor_id', '=', vendorId).where('check_status', '=', 1).where('deleted_at', 'is', null).execute();
    const count = new Map<string, number>();
    for (const p of products) count.set(p.model_name, (count.get(p.model_name) ?? 0) + 1);
    models = products.filter((p) => p.installation_fen != null && count.get(p.model_name) === 1).map((p) => p.model_name).slice(0, 2);
    expect(models.length).toBe(2);
    await db.transaction().execute((tx) =>
      moveBalance(tx, { vendorId, amountFen: 5_000_000, paymentType: PAYMENT_TYPE.platformTopUp, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, operator: '测试' }),
    );
    const before = (await db.selectFrom('orders').select('id').where('vendor_id', '=', vendorId).execute()).length;

    page = await portal.newPage();
    await portal.loginAsMain(page);
    await page.goto('/#/manage/order');
    await page.locator('[data-action="import"]').click();
    await page.locator('[data-action="download-template"]').waitFor();
    await portal.screenshot(page, 'order-import-start');
    await dialogShot(page, 'order-import-start-dialog');

    const download = page.waitForEvent('download');
    await page.locator('[data-action="download-template"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('批量下单导入模板.xlsx');
    const template = await readFile((await file.path())!);

    const rows: RowValues[] = Array.from({ length: 20 }, (_, i) => validRow(models[i % 2]!, { realName: `导入客户${i}`, phone: phone(i) }));
    rows[1] = validRow(models[1]!, { realName: '导入客户0', phone: phone(0) }); // rows 2–3: one order of two lines
    rows[4] = { ...rows[4], phone: '1377' };
    rows[9] = { ...rows[9], model: '没有这个型号' };
    rows[14] = { ...rows[14], serviceType: '上门', urgent: '三天' }; // two wrong cells: still one wrong row
    const filled = await fillWorkbook(rows, template);

    const previewed = page.waitForResponse((r) => r.url().includes(API.orderImport) && r.url().includes('dryRun=1'));
    await page.locator('.order-import-dialog input[type=file]').setInputFiles({ name: '订单.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
    expect((await (await previewed).json()).data.errors).toHaveLength(4);
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toContain('共 20 行：将创建 16 个订单，3 行有误');
    const errorRows = page.locator('[data-testid="import-errors"] tbody tr.ant-table-row');
    await expect.poll(() => errorRows.count()).toBe(4);
    expect(await page.getByRole('tab', { name: /有误的行/ }).innerText()).toBe('有误的行（3）');
    expect(await errorRows.allInnerTexts()).toEqual([
      `6\t客户手机号\t${MSG.phoneLength}`,
      `11\t产品型号\t${IMPORT_MSG.productNotFound}`,
      `16\t服务类型\t${IMPORT_MSG.optionInvalid(['安装', '维修', '清洗', '调制/检测/定位/教学', '回收'])}`,
      `16\t加急\t${IMPORT_MSG.optionInvalid(['否', '12小时', '24小时'])}`,
    ]);
    expect((await db.selectFrom('orders').select('id').where('vendor_id', '=', vendorId).execute()).length).toBe(before);
    await portal.screenshot(page, 'order-import-preview');
    await dialogShot(page, 'order-import-preview-dialog');

    // 下载错误明细: the workbook's 3 wrong rows alone, each with its 错误原因 (decision 240).
    await expectErrorWorkbook(page);

    await page.getByRole('tab', { name: /文件中的订单/ }).click();
    await expect.poll(() => page.locator('[data-testid="import-orders"] tbody tr.ant-table-row').first().innerText()).toContain('2、3');
    await portal.screenshot(page, 'order-import-preview-orders');
    await dialogShot(page, 'order-import-preview-orders-dialog');

    const imported = page.waitForResponse(isImport);
    await page.locator('[data-action="confirm-import"]').click();
    const answer = await (await imported).json();
    expect(answer.data).toMatchObject({ total: 20, created: 16, failed: 3 });
    created = answer.data.orderIds;
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toContain('成功导入 16 个订单，3 行未导入');
    const orders = await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', created).execute();
    expect(orders.map((o) => o.status)).toEqual(Array(16).fill(100));
    // After the import the file still holds only the 3 rows not imported: uploaded again, nothing twice.
    errorWorkbook = await expectErrorWorkbook(page);
    await portal.screenshot(page, 'order-import-done');
    await dialogShot(page, 'order-import-done-dialog');
  });

  test('batch pay pays every imported order from the wallet, one movement each', async () => {
    const db = portal.db;
    const totals = await db.selectFrom('orders').select(['id', 'total_fen']).where('id', 'in', created).execute();
    const sum = totals.reduce((a, o) => a + Number(o.total_fen), 0);
    const balance = async () => Number((await db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorId).executeTakeFirstOrThrow()).balance_fen);
    const start = await balance();

    await page.getByRole('tab', { name: /已创建的订单/ }).click();
    await page.locator('[data-action="batch-pay"]').click();
    await page.locator('.ant-modal-confirm').getByText(`${(sum / 100).toFixed(2)}`, { exact: false }).waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => page.locator('[data-action="batch-pay"]').innerText(), { timeout: 20_000 }).toContain('没有待付款订单');
    const statuses = await db.selectFrom('orders').select('status').where('id', 'in', created).execute();
    expect(statuses.every((o) => o.status === 200)).toBe(true);
    expect(await balance()).toBe(start - sum);
    const moves = await db.selectFrom('account_records').select('order_id').where('vendor_id', '=', vendorId).where('order_id', 'in', created).execute();
    expect(moves.length).toBe(16);
    await portal.screenshot(page, 'order-import-paid');
    await dialogShot(page, 'order-import-paid-dialog');

    // The error workbook uploaded again offers none of the 16 imported rows: only its 3, still wrong.
    const reuploaded = page.waitForResponse((r) => r.url().includes(API.orderImport) && r.url().includes('dryRun=1'));
    await page.getByRole('button', { name: /^完\s*成$/ }).click();
    await page.locator('[data-action="import"]').click();
    await page.locator('.order-import-dialog input[type=file]').setInputFiles({ name: '错误明细.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: errorWorkbook });
    expect((await (await reuploaded).json()).data).toMatchObject({ total: 3, created: 0, failed: 3 });
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toContain('共 3 行：将创建 0 个订单，3 行有误');
    await dialogShot(page, 'order-import-errors-again-dialog');
  });

  test('imported orders left unpaid are paid later from the order list: check them, 批量支付 (the template’s note 4)', async () => {
    const db = portal.db;
    const imported = page.waitForResponse(isImport);
    const previewed = page.waitForResponse((r) => r.url().includes(API.orderImport) && r.url().includes('dryRun=1'));
    await page.getByRole('button', { name: /重新选择文件/ }).click();
    const rows = [validRow(models[0]!, { realName: '稍后支付甲', phone: phone(80) }), validRow(models[1]!, { realName: '稍后支付乙', phone: phone(81) })];
    await page.locator('.order-import-dialog input[type=file]').setInputFiles({ name: '稍后支付.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await fillWorkbook(rows) });
    await previewed;
    await page.locator('[data-action="confirm-import"]').click();
    const ids: number[] = (await (await imported).json()).data.orderIds;
    await page.getByRole('button', { name: /^完\s*成$/ }).click();
    const orders = await db.selectFrom('orders').select(['id', 'order_no', 'total_fen']).where('id', 'in', ids).execute();
    const balance = async () => Number((await db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorId).executeTakeFirstOrThrow()).balance_fen);
    const start = await balance();

    for (const o of orders) await page.locator(`[data-order-no="${o.order_no}"]`).getByRole('checkbox').check();
    await page.locator('[data-action="list-batch-pay"]').click();
    const sum = orders.reduce((a, o) => a + Number(o.total_fen), 0);
    await page.locator('.ant-modal-confirm').getByText(`2 个待付款订单，合计 ¥${(sum / 100).toFixed(2)}`, { exact: false }).waitFor();
    await portal.screenshot(page, 'order-list-batch-pay-confirm');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s*定$/ }).click();
    await page.getByText('已支付 2 个订单').waitFor();
    expect((await db.selectFrom('orders').select('status').where('id', 'in', ids).execute()).map((o) => o.status)).toEqual([200, 200]);
    expect(await balance()).toBe(start - sum);
    await expect.poll(() => page.locator(`[data-order-no="${orders[0]!.order_no}"]`).innerText()).not.toContain('待付款');
    await portal.screenshot(page, 'order-list-batch-paid');

    // Nothing checked still to pay: the list says so and pays nothing.
    await page.locator('[data-action="list-batch-pay"]').click();
    await page.getByText('请勾选待付款的订单').waitFor();

    // The same two rows uploaded again, with one new: the preview names both as likely duplicates and skips them.
    await page.locator('[data-action="import"]').click();
    const again = page.waitForResponse((r) => r.url().includes(API.orderImport) && r.url().includes('dryRun=1'));
    const newRow = validRow(models[0]!, { realName: '新客户丙', phone: phone(82) });
    await page.locator('.order-import-dialog input[type=file]').setInputFiles({ name: '又一次.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await fillWorkbook([...rows, newRow]) });
    await again;
    await page.getByTestId('import-duplicates').getByText('其中 2 个订单与近30天的已有订单相同').waitFor();
    await page.getByRole('tab', { name: /文件中的订单/ }).click();
    await expect.poll(() => page.getByTestId('import-duplicate').allInnerTexts()).toEqual(orders.map((o) => `将跳过：与订单${o.order_no}重复`));
    expect(await page.locator('[data-action="confirm-import"]').innerText()).toContain('确认导入 1 个订单');
    await dialogShot(page, 'order-import-duplicates-dialog');
    const skipping = page.waitForResponse((r) => r.url().endsWith(`${API.orderImport}?skipDuplicates=1`));
    await page.locator('[data-action="confirm-import"]').click();
    expect((await (await skipping).json()).data).toMatchObject({ created: 1, skipped: 2 });
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toContain('成功导入 1 个订单，跳过 2 个疑似重复订单');
    expect((await db.selectFrom('orders').select('id').where('real_name', 'in', ['稍后支付甲', '稍后支付乙']).execute()).length).toBe(2);
    await page.getByRole('button', { name: /^完\s*成$/ }).click();
  });

  test('a workbook bomb is refused in Chinese within 2 s, and the dialog reads the next file (issue 44)', async () => {
    const pageB = await portal.newPage();
    await portal.loginAsMain(pageB);
    await pageB.goto('/#/manage/order');
    await pageB.locator('[data-action="import"]').click();
    const input = pageB.locator('.order-import-dialog input[type=file]');
    await input.waitFor({ state: 'attached' });
    const refused = pageB.waitForResponse((r) => r.url().includes(API.orderImport) && r.url().includes('dryRun=1'));
    const started = Date.now();
    await input.setInputFiles({ name: '订单.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbookBomb(1.9e9) });
    expect(await (await refused).json()).toMatchObject({ code: 400, msg: IMPORT_MSG.fileInvalid });
    expect(Date.now() - started).toBeLessThan(2000);
    await pageB.locator('.order-import-dialog').getByText(IMPORT_MSG.fileInvalid).waitFor();
    await portal.screenshot(pageB, 'order-import-bomb-refused');
    const previewed = pageB.waitForResponse((r) => r.url().includes(API.orderImport) && r.url().includes('dryRun=1'));
    await input.setInputFiles({ name: '订单2.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await fillWorkbook([validRow(models[0]!, { phone: phone(90) })]) });
    expect((await (await previewed).json()).code).toBe(200);
    await expect.poll(() => pageB.getByTestId('import-summary').innerText()).toContain('共 1 行');
    await pageB.close();
  });
});

