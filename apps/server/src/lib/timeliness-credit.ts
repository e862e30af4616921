import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { CREDIT_RELEVANCE, creditFen, creditLogText, creditRemark } from '@portal/domain/timeliness-credit';
import type { Tx } from '../db/database';
import { emitDomainEvent } from './domain-events';
import { writeLog } from './order-state-machine';
import { nowIso, toShanghai } from './time';
import { moveBalance } from './wallet-ledger';
import { findOrderForCredit, findRule, insertCreditOnce, setCreditRecord } from './timeliness-credit.repository';

// The automatic timeliness credit (时效赔付, issue 46, decision 257): a missed stage of an order
// credits the merchant's wallet once. The credit row (unique per order and stage), the balance, its
// ledger record, the log line, the notification and the webhook commit in the caller's transaction.

export const CREDIT_OPERATOR = '系统';

/**
 * Credits `orderId`'s stage `stage`, due at `dueAt` (UTC ISO), when a rule of its service type made
 * before that time says so and it was not credited yet. A share is of what the order has cost, less
 * `addedFen` the caller has just added to it (加急 ending a missed stage, decision 289).
 * Answers the fen credited (0: nothing).
 */
export async function creditMissedStage(tx: Tx, orderId: number, stage: string, dueAt: string, addedFen = 0): Promise<number> {
  const o = await findOrderForCredit(tx, orderId);
  if (!o) return 0;
  const rule = await findRule(tx, o.service_type, stage);
  if (!rule || rule.created_at >= dueAt) return 0;
  const amount = creditFen(rule, Number(o.real_pay_fen) - addedFen);
  if (amount <= 0) return 0;
  const at = nowIso();
  const credit = await insertCreditOnce(tx, { order_id: o.id, vendor_id: o.vendor_id, stage, amount_fen: amount, due_at: dueAt, created_at: at });
  if (!credit) return 0;
  const moved = await moveBalance(tx, {
    vendorId: o.vendor_id,
    amountFen: amount,
    paymentType: PAYMENT_TYPE.timelinessCredit,
    payMethod: PAY_METHOD.balance,
    payStatus: PAY_STATUS.paid,
    orderNo: o.order_no,
    orderId: o.id,
    remarks: creditRemark(stage),
    operator: CREDIT_OPERATOR,
  });
  await setCreditRecord(tx, credit.id, moved.recordId);
  const content = creditLogText(stage, toShanghai(dueAt), amount);
  await writeLog(tx, o, o.node, { operator: CREDIT_OPERATOR, content, relevanceType: CREDIT_RELEVANCE, relevanceId: credit.id });
  await emitDomainEvent(tx, {
    type: 'timeliness.credited', vendorId: o.vendor_id, orderId: o.id, orderNo: o.order_no, createdBy: o.created_by,
    creditId: credit.id, stage, amountFen: amount, dueAt, recordId: moved.recordId, content, at,
  });
  return amount;
}
