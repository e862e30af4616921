import { EXTRA_FEE_DECIDER, extraFeeReasonText, extraFeeStatus } from '@portal/domain/extra-fees';
import { fenToYuan } from '@portal/domain/money';
import type { ExtraFeesTable } from '../../db/schema/extra-fees';
import { toShanghai } from '../../lib/time';
import type { Selectable } from 'kysely';

type Record = Selectable<ExtraFeesTable> & { order_no: string; flow_no: string };

const photosOf = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** A request as the API answers it (its photos' stored paths are signed on the way out). */
export const toFeeRow = (r: Record) => ({
  id: r.id,
  orderId: r.order_id,
  orderNo: r.order_no,
  reason: r.reason,
  reasonName: extraFeeReasonText(r.reason, r.reason_text),
  amount: fenToYuan(Number(r.amount_fen)),
  photos: photosOf(r.photos),
  note: r.note,
  status: r.status,
  statusName: extraFeeStatus.label(r.status),
  decidedBy: r.decided_by,
  decidedByName: EXTRA_FEE_DECIDER.label(r.decided_by),
  decider: r.decider,
  rejectReason: r.reject_reason,
  requestedBy: r.requested_by,
  transactionFlowNo: r.flow_no,
  createTime: toShanghai(r.created_at),
  dueTime: r.status === 0 ? toShanghai(r.due_at) : '',
  decideTime: toShanghai(r.decided_at),
});
