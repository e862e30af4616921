import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PLATFORM_API } from '@portal/domain/api-paths';
import { Canvas } from '../apps/server/src/db/seed/png';
import { startPortal, type Portal } from './harness';

// The console uploads a picture for the master (docs/decisions/097): the operator's upload goes
// through the console's own route, is recorded as the operator's and lands on the order.

let portal: Portal;
let operator: Page;
beforeAll(async () => {
  portal = await startPortal();
  operator = await portal.newPage();
  await portal.loginAsOperator(operator);
});
afterAll(async () => {
  await portal?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await portal.recordFailure('console-uploads');
});

describe('console uploads', () => {
  test('the operator uploads a completion picture in the order screen', async () => {
    // A demo order awaiting acceptance (600): pictures may still be added.
    const order = await portal.db.selectFrom('orders').select('id').where('status', '=', 600).orderBy('id').executeTakeFirstOrThrow();
    const before = await portal.db.selectFrom('completion_pics').select('id').where('order_id', '=', order.id).execute();

    await operator.goto(`/?visit=${Date.now()}#/platform/orders/${order.id}`);
    await operator.locator('[data-action=uploadPictures]').click();
    const dialog = operator.locator('.ant-modal:visible').last();
    await dialog.waitFor();
    // Only uploads: drop the preselected product picture.
    await dialog.locator('.ant-select-selection-item-remove').first().click();
    await expect.poll(() => dialog.locator('.ant-select-selection-item').count()).toBe(0);

    const uploaded = operator.waitForResponse((r) => r.url().includes(PLATFORM_API.uploadFile));
    const png = new Canvas(64, 48, [230, 240, 250]).circle(32, 24, 10, [64, 140, 230]).png();
    await dialog.locator('input[type=file]').setInputFiles({ name: '完工照片.png', mimeType: 'image/png', buffer: png });
    const up = (await (await uploaded).json()) as { code: number; data: { fileUrl: string } };
    expect(up.code).toBe(200);
    await dialog.getByTestId('upload-item').waitFor();
    await portal.screenshot(operator, 'console-upload-dialog');

    const moved = operator.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/uploadPictures'));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    expect(((await (await moved).json()) as { code: number }).code).toBe(200);
    await dialog.waitFor({ state: 'hidden' });

    const after = await portal.db.selectFrom('completion_pics').select('file_url').where('order_id', '=', order.id).execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.map((p) => p.file_url)).toContain(up.data.fileUrl);
    const file = await portal.db.selectFrom('files').selectAll().where('path', '=', up.data.fileUrl).executeTakeFirstOrThrow();
    expect(file.vendor_id).toBe(0);
    expect(file.operator_id).toBeGreaterThan(0);
    await operator.locator(`img[src*="${up.data.fileUrl}?expires="]`).first().waitFor();
  });
});
