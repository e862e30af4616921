import { orderNode, orderStatus } from '@portal/domain/enums';
import { ORDER_TRANSITIONS, guardRefusal, reviewFlags, startsFrom, type OrderMoveState, type TransitionDef, type TransitionName } from '@portal/domain/order-transitions';
import type { Database, Tx } from '../db/database';
import type { OrdersTable } from '../db/schema/orders';
import { badRequest, notFound } from './errors';
import { nowIso } from './time';
import { emitDomainEvent } from './domain-events';
import { missedStage, slaOnMove } from './order-sla';
import { findOrderRow, insertOrderLog, lockOrderRows, moveOrderRow, setReviewState } from './order-state-machine.repository';
import type { Selectable, UpdateObject } from 'kysely';

// THE order state machine (spec 02 §4). Every change of status/node goes through `transit`: it
// checks the current state, moves it with a conditional UPDATE (so two concurrent moves cannot
// both succeed) and writes the operation-log entry, all inside the caller's transaction.
// Vendor routes and platform routes call the same named transitions of the domain's table
// (packages/domain/src/order-transitions.ts), which the operator console reads as well.

export type OrderRow = Selectable<OrdersTable>;

export interface LogEntry {
  /** Text of the log line; a function gets the order after the move. Default: the node's name. */
  content?: string | ((o: OrderRow) => string);
  relevanceType?: string;
  relevanceId?: number | null;
  certificate?: string[];
  operator: string;
}

/** The flags the shared transition table looks at, from a stored row. */
export const moveStateOf = (o: OrderRow): OrderMoveState => ({
  status: o.status,
  node: o.node,
  serviceType: o.service_type,
  parole: o.parole,
  returnParts: o.return_parts === 1,
  praiseFlag: o.praise_flag === 1,
  outWarrantyFee: Number(o.out_warranty_fee_fen),
  ...reviewFlags(o.praise_state, o.return_state),
});

/** The praise/return columns a move writes (decision 277), in its own UPDATE. */
const reviewColumns = (def: TransitionDef): UpdateObject<Database, 'orders'> => ({
  ...(def.review?.praise === undefined ? {} : { praise_state: def.review.praise }),
  ...(def.review?.return === undefined ? {} : { return_state: def.review.return }),
});

export const illegalTransition = (o: OrderRow, title: string) =>
  badRequest(`当前订单状态为${orderStatus.label(o.status) || o.status}（${orderNode.label(o.node) || o.node}），不能${title}`);

/** Load an order inside the transaction; another vendor's id answers exactly like a missing one. */
/**
 * The order, read under its lock: every writer of an order reads it here first (decision 292), so a second
 * writer waits for the first and then decides on the order as the first left it.
 */
export async function loadOrder(tx: Tx, orderId: number, vendorId: number | null): Promise<OrderRow> {
  const o = await findOrderRow(tx, orderId, vendorId);
  if (!o) throw notFound();
  return o;
}

/** Several orders locked at once, in id order: a batch's writes, or a writer that must hold the order before it takes another row. */
export { lockOrderRows };

export async function writeLog(tx: Tx, o: OrderRow | Pick<OrderRow, 'id' | 'vendor_id'>, node: number, log: LogEntry): Promise<{ content: string; at: string }> {
  const content = (typeof log.content === 'function' ? log.content(o as OrderRow) : log.content) || orderNode.label(node);
  const at = nowIso();
  await insertOrderLog(tx, {
    order_id: o.id,
    vendor_id: o.vendor_id,
    node,
    content: content.slice(0, 1000),
    relevance_type: log.relevanceType ?? '',
    relevance_id: log.relevanceId ?? null,
    certificate: JSON.stringify(log.certificate ?? []),
    operator: log.operator.slice(0, 60),
    created_at: at,
  });
  await emitDomainEvent(tx, { type: 'order.logged', vendorId: o.vendor_id, orderId: o.id, node, content, relevanceType: log.relevanceType ?? '', at });
  return { content, at };
}

/**
 * Move `orderId` by the named transition, with extra column changes, and log it.
 * Answers the order as it is after the move.
 */
export async function transit(
  tx: Tx,
  name: TransitionName,
  orderId: number,
  vendorId: number | null,
  log: LogEntry,
  /** Columns the move also sets, in the same UPDATE (values or expressions over the row). */
  set: UpdateObject<Database, 'orders'> = {},
  /** The order as the caller already read it in this transaction (the UPDATE re-checks its state). */
  current?: OrderRow,
): Promise<OrderRow> {
  const def: TransitionDef = ORDER_TRANSITIONS[name];
  const o = current ?? (await loadOrder(tx, orderId, vendorId));
  if (!startsFrom(name, o)) throw illegalTransition(o, def.title);
  const refused = guardRefusal(name, moveStateOf(o));
  if (refused) throw badRequest(refused);
  const status = def.status ?? o.status;
  const now = nowIso();
  // The SLA stage and due time move in the same UPDATE (issue 19, decision 176).
  const sla = await slaOnMove(tx, o, { ...o, ...(set as Partial<OrderRow>), status });
  // Conditional on the status, node and praise/return states the checks above read: the check and the write are one step.
  const moved = await moveOrderRow(tx, o.id, o, { ...reviewColumns(def), ...set, ...sla, status, node: def.node, updated_at: now });
  // Someone else moved it between our read and our write (PostgreSQL re-checks the row): the refusal
  // names the state they left, read again, not the one this request started from.
  if (!moved) throw illegalTransition(await loadOrder(tx, orderId, vendorId), def.title);
  const { content, at } = await writeLog(tx, moved, def.node, log);
  // A stage that was already overdue and now ends or moves on (issue 46): its credit is due even when no sweep came first.
  const missed = missedStage(o, sla, now);
  await emitDomainEvent(tx, { type: 'order.moved', vendorId: moved.vendor_id, orderId: moved.id, orderNo: moved.order_no, createdBy: moved.created_by, transition: name, status, node: def.node, content, at, missed });
  return moved;
}

/**
 * A praise decided while a 返件 holds the order's node (one submitted before decision 277, when a 返件
 * could overtake a waiting praise): the order stays where it is, only its praise state changes, and the
 * decision is logged at the praise's node.
 */
export async function settleReviewInPlace(tx: Tx, o: OrderRow, review: { praise_state: number }, node: number, log: LogEntry) {
  if (!(await setReviewState(tx, o.id, o, { ...review, updated_at: nowIso() }))) {
    throw illegalTransition(await loadOrder(tx, o.id, null), orderNode.label(node) || String(node));
  }
  await writeLog(tx, o, node, log);
}
