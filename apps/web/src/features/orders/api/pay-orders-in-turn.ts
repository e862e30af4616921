import { MSG } from '@portal/domain/messages';
import { isApiError } from '../../../lib/request';
import { payOrder } from './pay-order';

export type PayState = { state: 'paying' | 'paid' | 'failed'; message?: string };

/** What the confirmation of a batch payment says: how many orders, how much, and that each is its own debit. */
export const batchPayConfirmText = (count: number, totalYuan: number) =>
  `将从账户余额支付 ${count} 个待付款订单，合计 ¥${totalYuan.toFixed(2)}，每个订单单独扣款。`;

/**
 * Pays orders one after another from the balance, each through the order's own pay call (its own debit and
 * ledger record; a refusal — e.g. 余额不足 — stops that order alone). `onEach` hears every order's state.
 */
export async function payOrdersInTurn(ids: readonly number[], onEach: (id: number, s: PayState) => void = () => undefined) {
  const failed: Array<{ id: number; message: string }> = [];
  for (const id of ids) {
    onEach(id, { state: 'paying' });
    try {
      await payOrder(id);
      onEach(id, { state: 'paid' });
    } catch (e) {
      const message = isApiError(e) ? e.message : MSG.otherError;
      failed.push({ id, message });
      onEach(id, { state: 'failed', message });
    }
  }
  return { paid: ids.length - failed.length, failed };
}
