import type { PlatformOrderAction } from './orders-platform';

// THE order transition table (spec 02 §4): which move may start from which stored status/node, and
// where it leads. The server's state machine enforces it (apps/server/src/modules/orders/
// order-state-machine.ts); the operator console reads it to offer one button per legal move.
// docs/decisions/096.

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
}

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
  // At 650 only after a rejection (634): while one return waits for review (630/632) there is no second.
  requestReturn: { title: '返件', from: [600, 650], notFromNodes: [630, 632], status: 650, node: 630, guard: (o) => (!o.returnParts ? '该订单无需返件' : null) },
  approveReturn: { title: '返件审核通过', from: [650], fromNodes: [630], status: 650, node: 632 },
  rejectReturn: { title: '返件审核驳回', from: [650], fromNodes: [630], status: 650, node: 634 },
  finishReturn: { title: '返件审核完成', from: [650], fromNodes: [632], status: 600, node: 640 },
  // Not while one waits for review (650) nor after one was approved (660/670): each approval is charged.
  requestPraise: { title: '好评推广申请', from: [600], notFromNodes: [650, 660, 670], status: 600, node: 650, guard: (o) => (!o.praiseFlag ? '该订单未选择好评推广' : null) },
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
