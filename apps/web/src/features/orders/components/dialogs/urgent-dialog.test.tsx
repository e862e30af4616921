import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MSG } from '@portal/domain/messages';

// Orders review #8: 加急 on a paid order takes the fee from the balance at once. The dialog says so, with
// the amount, before 确定; the spec's 修改成功 toast then says what was deducted. An unpaid order adds
// the fee to what it will pay, so nothing is said about the balance.

const api = vi.hoisted(() => ({ mutateAsync: vi.fn(async () => null) }));
vi.mock('../../api/urgent-order', () => ({ useUrgentOrder: () => ({ mutateAsync: api.mutateAsync, isPending: false }) }));
const { UrgentDialog } = await import('./urgent-dialog');

afterEach(() => {
  cleanup();
  api.mutateAsync.mockClear();
  document.body.innerHTML = '';
});

function open(paid: boolean) {
  const onClose = vi.fn();
  render(
    <App>
      <UrgentDialog orderId={10} paid={paid} open onClose={onClose} />
    </App>,
  );
  return onClose;
}
const toastText = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent ?? '').join('|');

describe('加急 dialog', () => {
  test('a paid order: the dialog names the deduction and its amount, the toast keeps 修改成功 and adds it', async () => {
    const onClose = open(true);
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入费用金额'), '15');
    await waitFor(() => expect(screen.getByTestId('urgent-deduction').textContent).toContain('该订单已支付，确定后将立即从账户余额扣除 ¥15.00（加急费）'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.mutateAsync).toHaveBeenCalledWith({ orderId: 10, urgentPrice: '15', urgentType: 1 });
    await waitFor(() => expect(toastText()).toContain(`${MSG.modifyOk}，已从账户余额扣除 ¥15.00`));
  });

  test('an unpaid order: no word of the balance, the toast is the spec’s 修改成功', async () => {
    const onClose = open(false);
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入费用金额'), '20');
    expect(screen.queryByTestId('urgent-deduction')).toBeNull();
    expect(document.body.textContent).not.toContain('余额');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(() => expect(toastText()).toContain(MSG.modifyOk));
    expect(toastText()).not.toContain('余额');
  });
});
