import type { PlatformOrderAction } from './orders-platform';

// THE order transition table (spec 02 §4): which move may start from which stored status/node, and
// where it leads. The server's state machine enforces it (apps/server/src/modules/orders/
// order-state-machine.ts); the operator console reads it to offer one button per legal move.
// docs/decisions/096, 277.

/**
 * Where an order's 好评推广 (praise) or 返件 (return) stands, kept on the order row with the records
 * (orders.praise_state / return_state): none (nothing yet, or the last one was rejected), one waits for
 * the vendor's review, or one was approved (and charged). A 返件 moves the node away from the praise's
 * nodes (650–670), so the node alone forgets a praise; these do not (decision 277).
 */
export const REVIEW_STATE = { none: 0, pending: 1, approved: 2 } as const;
export type ReviewState = (typeof REVIEW_STATE)[keyof typeof REVIEW_STATE];

/** Refusals of the praise/return moves that follow the records rather than the node. */
export const REVIEW_MSG = {
  praisePending: '好评截图已提交，待厂家审核，不能重复提交',
  praiseApproved: '该订单的好评推广已审核通过，不能重复提交',
  praiseApprovedBefore: '该订单的好评推广已审核通过，不能再次通过',
  returnPending: '返件已提交，待厂家审核，不能重复提交',
  returnApproved: '该订单的返件已审核通过，不能重复提交',
  returnWhilePraisePending: '好评推广待厂家审核，请审核后再提交返件',
  completeWhilePraisePending: '好评推广待审核，请先审核',
} as const;

/** What a move depends on: the stored status/node (never the virtual-taking display) and a few flags. */
export interface OrderMoveState {
  status: number;
  node: number;
  serviceType: number;
  /** 1 in warranty, 2 out of warranty */
  parole: number;
  returnParts: boolean;
  praiseFlag: boolean;
  /** only whether it is above zero matters, so fen and yuan both do */
  outWarrantyFee: number;
  /** a praise waits for the vendor's review / one was approved (REVIEW_STATE of the order) */
  praisePending: boolean;
  praiseApproved: boolean;
  /** a return waits for the vendor's review / one was approved */
  returnPending: boolean;
  returnApproved: boolean;
}

/** The move-state flags of an order's praise_state / return_state. */
export const reviewFlags = (praiseState: number, returnState: number) => ({
  praisePending: praiseState === REVIEW_STATE.pending,
  praiseApproved: praiseState === REVIEW_STATE.approved,
  returnPending: returnState === REVIEW_STATE.pending,
  returnApproved: returnState === REVIEW_STATE.approved,
});

export interface TransitionDef {
  title: string;
  from: readonly number[];
  /** when set, the node must be one of these */
  fromNodes?: readonly number[];
  /** the node must not be one of these (a request already pending or done) */
  notFromNodes?: readonly number[];
  /** null keeps the current status */
  status: number | null;
  node: number;
  /** a refusal message when the order's flags forbid the move */
  guard?: (o: OrderMoveState) => string | null;
  /** where the move leaves the order's praise / return (written in the move's own UPDATE) */
  review?: { praise?: ReviewState; return?: ReviewState };
}

const inWork = [500] as const;

/** Every transition by name: who may start it is decided by the route, what it does is here. */
export const ORDER_TRANSITIONS = {
  pay: { title: '支付', from: [100], status: 200, node: 210 },
  cancel: { title: '取消订单', from: [100, 200], status: 800, node: 810 },
  dispatch: { title: '派单', from: [200], fromNodes: [110, 210, 240, 220], status: 200, node: 220 },
  confirmAssignment: { title: '确认派单', from: [200], fromNodes: [220], status: 200, node: 230 },
  refuseAssignment: { title: '拒绝派单', from: [200], fromNodes: [220, 230], status: 200, node: 240 },
  accept: { title: '接单', from: [200], fromNodes: [220, 230], status: 300, node: 310, guard: (o) => (o.serviceType === 5 ? '回收订单请走回收流程' : null) },
  recycleApply: { title: '回收申请', from: [200], fromNodes: [220, 230], status: 210, node: 310, guard: (o) => (o.serviceType !== 5 ? '仅回收订单可申请回收' : null) },
  recycleAccept: { title: '回收接单', from: [210], status: 310, node: 410 },
  recycleFinish: { title: '回收完工', from: [310], status: 600, node: 560 },
  appointment: { title: '预约', from: [300], status: 400, node: 410 },
  // A booking that failed (issue 46, decision 256): back to (or still at) 待预约 with its reason.
  appointmentFailed: { title: '预约失败', from: [300, 400], status: 300, node: 340 },
  changeTime: { title: '改约时间', from: [400], status: 400, node: 420 },
  checkIn: { title: '上门签到', from: [400], status: 500, node: 510 },
  submitMaterials: { title: '提交安装材料', from: inWork, status: 500, node: 520 },
  requestParts: { title: '申请配件', from: inWork, status: 510, node: 530 },
  shipParts: { title: '配件发货', from: [510], fromNodes: [530], status: 510, node: 540 },
  partsArrived: { title: '配件到货', from: [510], fromNodes: [540], status: 500, node: 550 },
  requestOutWarrantyPay: { title: '保外费用申请', from: inWork, notFromNodes: [570], status: 500, node: 570, guard: (o) => (o.parole !== 2 ? '仅保外订单可申请保外费用' : null) },
  outWarrantyPaid: { title: '保外费用支付', from: inWork, fromNodes: [570], status: 500, node: 572 },
  requestCompletion: { title: '完工申请', from: inWork, status: 600, node: 560, guard: (o) => (o.parole === 2 && o.outWarrantyFee > 0 && o.node === 570 ? '保外费用尚未支付' : null) },
  approveCompletion: { title: '完工审核通过', from: [600], fromNodes: [560], status: 600, node: 562 },
  rejectCompletion: { title: '完工审核驳回', from: [600], fromNodes: [560, 562], status: 500, node: 564 },
  // At 650 only after a rejection (634): while one return waits for review (630/632) there is no second,
  // nor after one was approved (its courier fee was charged), nor while a praise waits for its review
  // (the return would move the order off 650 and the praise would lose its review). Decision 277.
  requestReturn: {
    title: '返件', from: [600, 650], notFromNodes: [630, 632], status: 650, node: 630, review: { return: REVIEW_STATE.pending },
    guard: (o) => (!o.returnParts ? '该订单无需返件' : o.returnPending ? REVIEW_MSG.returnPending : o.returnApproved ? REVIEW_MSG.returnApproved : o.praisePending ? REVIEW_MSG.returnWhilePraisePending : null),
  },
  approveReturn: { title: '返件审核通过', from: [650], fromNodes: [630], status: 650, node: 632, review: { return: REVIEW_STATE.approved } },
  rejectReturn: { title: '返件审核驳回', from: [650], fromNodes: [630], status: 650, node: 634, review: { return: REVIEW_STATE.none } },
  finishReturn: { title: '返件审核完成', from: [650], fromNodes: [632], status: 600, node: 640 },
  // Not while one waits for review nor after one was approved, whatever node a later 返件 left: each
  // approval is charged (decision 277). After a rejection a new screenshot may follow.
  requestPraise: {
    title: '好评推广申请', from: [600], status: 600, node: 650, review: { praise: REVIEW_STATE.pending },
    guard: (o) => (!o.praiseFlag ? '该订单未选择好评推广' : o.praisePending ? REVIEW_MSG.praisePending : o.praiseApproved ? REVIEW_MSG.praiseApproved : null),
  },
  approvePraise: { title: '好评审核通过', from: [600], fromNodes: [650], status: 600, node: 660, review: { praise: REVIEW_STATE.approved } },
  rejectPraise: { title: '好评审核驳回', from: [600], fromNodes: [650], status: 600, node: 664, review: { praise: REVIEW_STATE.none } },
  finishPraise: { title: '评价完成', from: [600], fromNodes: [660], status: 600, node: 670 },
  complete: { title: '确认完工', from: [600], status: 700, node: 710, guard: (o) => (o.praisePending ? REVIEW_MSG.completeWhilePraisePending : null) },
  requestAfterSale: { title: '申请售后', from: [700], status: 900, node: 910 },
  afterSaleProgress: { title: '售后处理', from: [900], fromNodes: [910], status: 900, node: 920 },
  withdrawAfterSale: { title: '撤回售后', from: [900], fromNodes: [910], status: 700, node: 710 },
  rejectAfterSale: { title: '售后驳回', from: [900], fromNodes: [910, 920], status: 700, node: 930 },
  finishAfterSale: { title: '售后完成', from: [900], fromNodes: [910, 920], status: 700, node: 940 },
} as const satisfies Record<string, TransitionDef>;
export type TransitionName = keyof typeof ORDER_TRANSITIONS;

/** Whether the move may start from the order's status/node (the guard aside). */
export function startsFrom(name: TransitionName, o: Pick<OrderMoveState, 'status' | 'node'>): boolean {
  const def: TransitionDef = ORDER_TRANSITIONS[name];
  return def.from.includes(o.status) && (!def.fromNodes || def.fromNodes.includes(o.node)) && !def.notFromNodes?.includes(o.node);
}

/** The guard's refusal for this order, or null. */
export function guardRefusal(name: TransitionName, o: OrderMoveState): string | null {
  const def: TransitionDef = ORDER_TRANSITIONS[name];
  return def.guard?.(o) ?? null;
}

export const canTransit = (name: TransitionName, o: OrderMoveState) => startsFrom(name, o) && !guardRefusal(name, o);

/** Statuses at which completion pictures may be added without moving the order. */
export const PICTURE_STATUSES: readonly number[] = [500, 510, 600, 650, 700];

/** Every console action but the picture upload is the transition of the same name. */
export const platformActionAllowed = (action: PlatformOrderAction, o: OrderMoveState) =>
  action === 'uploadPictures' ? PICTURE_STATUSES.includes(o.status) : canTransit(action, o);
