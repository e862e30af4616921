import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { IMPORT_MSG, type ImportOrderPreview, type ImportResult } from '@portal/domain/order-import';
import { MSG } from '@portal/domain/messages';
import { ApiError } from '../../../../lib/api-error';

// Decision 299 (review import #10, #11 and its note): the preview shows what the clerk checks before the import
// (上门时间, 金额, which orders repeat one), its banner counts what the button creates, the import always says
// whether to skip likely duplicates, and a lost answer says the outcome is unknown instead of 上传图片失败，请重试.

const api = vi.hoisted(() => ({ importOrders: vi.fn() }));
vi.mock('../../api/import-orders', () => ({
  importOrders: api.importOrders,
  newIdempotencyKey: () => 'key-of-the-file',
  downloadImportErrors: vi.fn(),
  downloadImportTemplate: vi.fn(),
}));
const { ImportOrdersDialog } = await import('./import-orders-dialog');

afterEach(() => {
  cleanup();
  api.importOrders.mockReset();
  document.body.innerHTML = '';
});

const order = (i: number, patch: Partial<ImportOrderPreview> = {}): ImportOrderPreview => ({
  rows: [i + 2], orderId: null, orderNo: '', realName: `客户${i}`, phone: `1391234000${i}`, address: '上海市闵行区莲花南路1500弄3号',
  parole: '保内', serviceType: '安装', lines: [{ model: 'KFR-35GW', number: 1 }], totalPrice: 150, status: null,
  duplicateOf: null, skipped: false, alreadyImported: false, doorTime: '2026-12-20 15:30:00', urgent: '', ...patch,
});
const preview: ImportResult = {
  total: 4, created: 4, failed: 0, skipped: 0, alreadyImported: 0, orderIds: [], errors: [], dryRun: true,
  orders: [order(0, { duplicateOf: 'GD001' }), order(1, { duplicateOf: 'GD002' }), order(2, { urgent: '12小时', totalPrice: 180 }), order(3, { doorTime: null })],
};

async function openWithPreview() {
  api.importOrders.mockResolvedValueOnce(preview);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ImportOrdersDialog open onClose={() => undefined} canPay />
      </App>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['x'], 'orders.xlsx'));
  await screen.findByTestId('import-summary');
  return user;
}
const confirm = () => screen.getByRole('button', { name: /确认导入/ });

describe('批量导入 dialog', () => {
  test('the preview shows 上门时间, 加急 and 金额; the banner and the button count the same orders, 跳过 checked or not', async () => {
    const user = await openWithPreview();
    const table = screen.getByTestId('import-orders');
    for (const title of ['上门时间', '金额', '状态']) expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
    expect(table.textContent).toContain('2026-12-20 15:30');
    expect(table.textContent).toContain('¥180.00');
    expect(table.textContent).toContain('加急 12小时');
    expect(table.textContent).toContain('未指定');
    expect(table.textContent).toContain('将跳过：与订单GD001重复');
    expect(table.querySelector('.ant-table-content')?.getAttribute('style') ?? '').not.toContain('overflow-x');

    expect(screen.getByTestId('import-summary').textContent).toContain('将创建 2 个订单，跳过 2 个疑似重复订单');
    expect(confirm().textContent).toContain('确认导入 2 个订单');
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByTestId('import-summary').textContent).toContain('将创建 4 个订单，没有错误');
    expect(confirm().textContent).toContain('确认导入 4 个订单');

    // Unchecked: the import is told to create them; the server checks again either way.
    api.importOrders.mockResolvedValueOnce({ ...preview, dryRun: false, orders: preview.orders.map((o, i) => ({ ...o, orderId: i + 1, orderNo: `GD10${i}`, status: 100 })) });
    await user.click(confirm());
    await waitFor(() => expect(api.importOrders).toHaveBeenCalledTimes(2));
    expect(api.importOrders.mock.calls[1]![1]).toMatchObject({ dryRun: false, skipDuplicates: false, idempotencyKey: 'key-of-the-file' });
  });

  test('the import answers orders an interrupted run created: counted, each marked 此前已导入', async () => {
    const user = await openWithPreview();
    api.importOrders.mockResolvedValueOnce({
      ...preview, dryRun: false, created: 2, skipped: 2, alreadyImported: 1,
      orders: [order(2, { orderId: 5, orderNo: 'GD105', status: 100, alreadyImported: true }), order(3, { orderId: 6, orderNo: 'GD106', status: 100 }),
        order(0, { duplicateOf: 'GD001', skipped: true }), order(1, { duplicateOf: 'GD002', skipped: true })],
    });
    await user.click(confirm());
    await waitFor(() => expect(screen.getByTestId('import-summary').textContent).toContain('成功导入 2 个订单（其中 1 个此前已导入），跳过 2 个疑似重复订单'));
    expect(api.importOrders.mock.calls[1]![1]).toMatchObject({ skipDuplicates: true });
    expect(screen.getAllByTestId('import-already')).toHaveLength(1);
    expect(screen.getByTestId('import-orders').textContent).toContain('已跳过：与订单GD001重复');
  });

  test('a lost answer to 确认导入 says the outcome is unknown, not 上传图片失败，请重试', async () => {
    const user = await openWithPreview();
    api.importOrders.mockRejectedValueOnce(new ApiError(-1, MSG.uploadFailed, 0));
    await user.click(confirm());
    await waitFor(() => expect(screen.getByTestId('import-failure').textContent).toBe(IMPORT_MSG.importUnknown));
    expect(document.body.textContent).not.toContain(MSG.uploadFailed);
  });

  test('a refusal the server answered is shown as it is', async () => {
    const user = await openWithPreview();
    api.importOrders.mockRejectedValueOnce(new ApiError(400, IMPORT_MSG.otherImportRunning));
    await user.click(confirm());
    await waitFor(() => expect(screen.getByTestId('import-failure').textContent).toBe(IMPORT_MSG.otherImportRunning));
  });
});
