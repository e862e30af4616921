import { orderNode, orderStatus } from '@portal/domain/enums';
import type { Tx } from '../../db/database';
import type { OrdersTable } from '../../db/schema/orders';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { Updateable, Selectable } from 'kysely';

// THE order state machine (spec 02 §4). Every change of status/node goes through `transit`: it
// checks the current state, moves it with a conditional UPDATE (so two concurrent moves cannot
// both succeed) and writes the operation-log entry, all inside the caller's transaction.
// Vendor routes and platform routes call the same named transitions below.

export type OrderRow = Selectable<OrdersTable>;

export interface LogEntry {
  /** Text of the log line; a function gets the order after the move. Default: the node's name. */
  content?: string | ((o: OrderRow) => string);
  relevanceType?: string;
  relevanceId?: number | null;
  certificate?: string[];
  operator: string;
}

interface TransitionDef {
  title: string;
  from: readonly number[];
  fromNodes?: readonly number[];
  /** null keeps the current status */
  status: number | null;
  node: number;
  guard?: (o: OrderRow) => string | null;
}

const inWork = [500] as const;

/** Every transition by name: who may start it is decided by the route, what it does is here. */
export const TRANSITIONS = {
  pay: { title: '支付', from: [100], status: 200, node: 210 },
  cancel: { title: '取消订单', from: [100, 200], status: 800, node: 810 },
  dispatch: { title: '派单', from: [200], fromNodes: [110, 210, 240, 220], status: 200, node: 220 },
  confirmAssignment: { title: '确认派单', from: [200], fromNodes: [220], status: 200, node: 230 },
  refuseAssignment: { title: '拒绝派单', from: [200], fromNodes: [220, 230], status: 200, node: 240 },
  accept: { title: '接单', from: [200], fromNodes: [220, 230], status: 300, node: 310, guard: (o) => (o.service_type === 5 ? '回收订单请走回收流程' : null) },
  recycleApply: { title: '回收申请', from: [200], fromNodes: [220, 230], status: 210, node: 310, guard: (o) => (o.service_type !== 5 ? '仅回收订单可申请回收' : null) },
  recycleAccept: { title: '回收接单', from: [210], status: 310, node: 410 },
  recycleFinish: { title: '回收完工', from: [310], status: 600, node: 560 },
  appointment: { title: '预约', from: [300], status: 400, node: 410 },
  changeTime: { title: '改约时间', from: [400], status: 400, node: 420 },
  checkIn: { title: '上门签到', from: [400], status: 500, node: 510 },
  submitMaterials: { title: '提交安装材料', from: inWork, status: 500, node: 520 },
  requestParts: { title: '申请配件', from: inWork, status: 510, node: 530 },
  shipParts: { title: '配件发货', from: [510], fromNodes: [530], status: 510, node: 540 },
  partsArrived: { title: '配件到货', from: [510], fromNodes: [540], status: 500, node: 550 },
  requestOutWarrantyPay: { title: '保外费用申请', from: inWork, status: 500, node: 570, guard: (o) => (o.parole !== 2 ? '仅保外订单可申请保外费用' : null) },
  outWarrantyPaid: { title: '保外费用支付', from: inWork, fromNodes: [570], status: 500, node: 572 },
  requestCompletion: { title: '完工申请', from: inWork, status: 600, node: 560, guard: (o) => (o.parole === 2 && o.out_warranty_fee_fen > 0 && o.node === 570 ? '保外费用尚未支付' : null) },
  approveCompletion: { title: '完工审核通过', from: [600], fromNodes: [560], status: 600, node: 562 },
  rejectCompletion: { title: '完工审核驳回', from: [600], fromNodes: [560, 562], status: 500, node: 564 },
  requestReturn: { title: '返件', from: [600, 650], status: 650, node: 630, guard: (o) => (o.return_parts !== 1 ? '该订单无需返件' : null) },
  approveReturn: { title: '返件审核通过', from: [650], fromNodes: [630], status: 650, node: 632 },
  rejectReturn: { title: '返件审核驳回', from: [650], fromNodes: [630], status: 650, node: 634 },
  finishReturn: { title: '返件审核完成', from: [650], fromNodes: [632], status: 600, node: 640 },
  requestPraise: { title: '好评推广申请', from: [600], status: 600, node: 650, guard: (o) => (o.praise_flag !== 1 ? '该订单未选择好评推广' : null) },
  approvePraise: { title: '好评审核通过', from: [600], fromNodes: [650], status: 600, node: 660 },
  rejectPraise: { title: '好评审核驳回', from: [600], fromNodes: [650], status: 600, node: 664 },
  finishPraise: { title: '评价完成', from: [600], fromNodes: [660], status: 600, node: 670 },
  complete: { title: '确认完工', from: [600], status: 700, node: 710, guard: (o) => (o.node === 650 ? '好评推广待审核，请先审核' : null) },
  requestAfterSale: { title: '申请售后', from: [700], status: 900, node: 910 },
  afterSaleProgress: { title: '售后处理', from: [900], fromNodes: [910], status: 900, node: 920 },
  withdrawAfterSale: { title: '撤回售后', from: [900], fromNodes: [910], status: 700, node: 710 },
  rejectAfterSale: { title: '售后驳回', from: [900], fromNodes: [910, 920], status: 700, node: 930 },
  finishAfterSale: { title: '售后完成', from: [900], fromNodes: [910, 920], status: 700, node: 940 },
} as const satisfies Record<string, TransitionDef>;
export type TransitionName = keyof typeof TRANSITIONS;

export const illegalTransition = (o: OrderRow, title: string) =>
  badRequest(`当前订单状态为${orderStatus.label(o.status) || o.status}（${orderNode.label(o.node) || o.node}），不能${title}`);

/** Load an order inside the transaction; another vendor's id answers exactly like a missing one. */
export async function loadOrder(tx: Tx, orderId: number, vendorId: number | null): Promise<OrderRow> {
  let q = tx.selectFrom('orders').selectAll().where('id', '=', orderId);
  if (vendorId !== null) q = q.where('vendor_id', '=', vendorId);
  const o = await q.executeTakeFirst();
  if (!o) throw notFound();
  return o;
}

export async function writeLog(tx: Tx, o: OrderRow | Pick<OrderRow, 'id' | 'vendor_id'>, node: number, log: LogEntry) {
  const content = typeof log.content === 'function' ? log.content(o as OrderRow) : log.content;
  await tx
    .insertInto('order_operate_records')
    .values({
      order_id: o.id,
      vendor_id: o.vendor_id,
      node,
      content: (content || orderNode.label(node)).slice(0, 1000),
      relevance_type: log.relevanceType ?? '',
      relevance_id: log.relevanceId ?? null,
      certificate: JSON.stringify(log.certificate ?? []),
      operator: log.operator.slice(0, 60),
      created_at: nowIso(),
    })
    .execute();
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
  set: Updateable<OrdersTable> = {},
): Promise<OrderRow> {
  const def: TransitionDef = TRANSITIONS[name];
  const o = await loadOrder(tx, orderId, vendorId);
  if (!def.from.includes(o.status) || (def.fromNodes && !def.fromNodes.includes(o.node))) throw illegalTransition(o, def.title);
  const refused = def.guard?.(o);
  if (refused) throw badRequest(refused);
  const status = def.status ?? o.status;
  const now = nowIso();
  const moved = await tx
    .updateTable('orders')
    .set({ ...set, status, node: def.node, updated_at: now })
    .where('id', '=', o.id)
    .where('status', '=', o.status)
    .where('node', '=', o.node)
    .returningAll()
    .executeTakeFirst();
  // Someone else moved it between our read and our write (PostgreSQL re-checks the row).
  if (!moved) throw illegalTransition(o, def.title);
  await writeLog(tx, moved, def.node, log);
  return moved;
}
