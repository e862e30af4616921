// Codes of both specs with their Chinese names. `as const` objects so both sides derive types.

/** Build a value→label map and an options list from a `{ value: label }` table. */
export function table<K extends string | number>(entries: ReadonlyArray<readonly [K, string]>) {
  const labels = new Map<K, string>(entries);
  return {
    values: entries.map(([v]) => v),
    options: entries.map(([value, label]) => ({ value, label })),
    label: (v: K | string | number | null | undefined) => (v == null ? '' : (labels.get(v as K) ?? '')),
    has: (v: unknown): v is K => labels.has(v as K),
  };
}

export const ORDER_STATUS = {
  unpaid: 100,
  awaitingAccept: 200,
  recycleApplying: 210,
  awaitingAppointment: 300,
  recycleAwaitingFinish: 310,
  awaitingWork: 400,
  working: 500,
  awaitingParts: 510,
  awaitingAcceptance: 600,
  awaitingReturn: 650,
  completed: 700,
  cancelled: 800,
  afterSale: 900,
} as const;
export const orderStatus = table<number>([
  [100, '待付款'],
  [200, '待接单'],
  [210, '回收申请中'],
  [300, '待预约'],
  [310, '回收待完工'],
  [400, '待施工'],
  [500, '施工中'],
  [510, '待配件'],
  [600, '待验收'],
  [650, '待返件'],
  [700, '已完成'],
  [800, '已取消'],
  [900, '售后'],
]);

export const ORDER_NODE = {
  created: 110,
  grabPending: 120,
  grabRejected: 130,
  paid: 210,
  masterAssigned: 220,
  assignmentConfirmed: 230,
  assignmentRefused: 240,
  masterAccepted: 310,
  recallCancelRequest: 320,
  recallCancelRejected: 330,
  appointmentFailed: 340,
  appointmentMade: 410,
  timeChanged: 420,
  checkIn: 510,
  materialsSubmitted: 520,
  awaitingParts: 530,
  partsShipped: 540,
  partsArrived: 550,
  completionRequest: 560,
  completionApproved: 562,
  completionRejected: 564,
  outOfWarrantyPayRequest: 570,
  outOfWarrantyPaid: 572,
  returnPending: 630,
  returnApproved: 632,
  returnRejected: 634,
  returnReviewPassed: 640,
  praisePending: 650,
  praisePassed: 660,
  praiseRejected: 664,
  reviewDone: 670,
  orderComplete: 710,
  closed: 810,
  afterSaleRequested: 910,
  afterSaleInProgress: 920,
  afterSaleRejected: 930,
  afterSaleComplete: 940,
} as const;
export const orderNode = table<number>([
  [110, '订单创建'],
  [120, '抢单待审核'],
  [130, '抢单审核驳回'],
  [210, '支付成功'],
  [220, '已派师傅'],
  [230, '派单已确认'],
  [240, '派单被拒绝'],
  [310, '师傅已接单'],
  [320, '撤回取消申请'],
  [330, '撤回取消驳回'],
  [340, '预约失败'],
  [410, '已预约'],
  [420, '改约时间'],
  [510, '上门签到'],
  [520, '安装材料已提交'],
  [530, '待配件'],
  [540, '配件已发货'],
  [550, '配件已到货'],
  [560, '完工申请'],
  [562, '完工审核通过'],
  [564, '完工审核驳回'],
  [570, '保外费用待支付'],
  [572, '保外费用已支付'],
  [630, '返件待审核'],
  [632, '返件审核通过'],
  [634, '返件审核驳回'],
  [640, '返件审核完成'],
  [650, '好评待审核'],
  [660, '好评审核通过'],
  [664, '好评审核驳回'],
  [670, '评价完成'],
  [710, '订单完成'],
  [810, '订单关闭'],
  [910, '申请售后'],
  [920, '售后处理中'],
  [930, '售后驳回'],
  [940, '售后完成'],
]);

/** Home tiles: 待服务 and 待结算 are not given codes by the spec; see docs/decisions/002. */
export const HOME_TILE_STATUS = {
  obligations: [100],
  pendingOrder: [200],
  serviced: [210, 300, 310, 400, 500, 510],
  settled: [600, 650],
  completed: [700],
  afterSale: [900],
} as const;
export const PUBLISHED_ORDER_BASE = 7646450;
/** The list header's pending shortcut (spec 02 §2.1). */
export const PENDING_SHORTCUT = { statuses: [200, 300, 400, 500, 600, 700, 900], nodes: [530, 630] } as const;

export const SERVICE_TYPE = { install: 1, repair: 2, clean: 3, debug: 4, recycle: 5 } as const;
export const serviceType = table<number>([
  [1, '安装'],
  [2, '维修'],
  [3, '清洗'],
  [4, '调制/检测/定位/教学'],
  [5, '回收'],
]);
/** Gallery service filter omits recycle (spec 02 §9). */
export const galleryServiceType = table<number>([
  [1, '安装'],
  [2, '维修'],
  [3, '清洗'],
  [4, '调制/检测/定位/教学'],
]);

export const MAINTENANCE_TYPE = { normal: 1, major: 2, medium: 3, minor: 4 } as const;
export const maintenanceType = table<number>([
  [1, '普通'],
  [2, '大修'],
  [3, '中修'],
  [4, '小修'],
]);

export const PAROLE = { inWarranty: 1, outOfWarranty: 2 } as const;
export const parole = table<number>([
  [1, '保内'],
  [2, '保外'],
]);

export const URGENT_TYPE = { h12: 1, h24: 2 } as const;
export const urgentType = table<number>([
  [1, '12小时'],
  [2, '24小时'],
]);

/** The seven catalogue prices; `guide` twins hold out-of-warranty prices. */
export const PRICE_FIELDS = ['installation', 'repair', 'overhaul', 'medium', 'minor', 'cleanse', 'debug'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export const PRICE_LABEL: Record<PriceField, string> = {
  installation: '安装',
  repair: '维修(普通)',
  overhaul: '大修',
  medium: '中修',
  minor: '小修',
  cleanse: '清洗',
  debug: '调制/检测/定位/教学',
};
export const guideField = (f: PriceField) => `guide${f[0]!.toUpperCase()}${f.slice(1)}` as const;
/** Which catalogue price a line uses for its service type (and repair type). */
export function priceFieldFor(service: number, maintenance?: number | null): PriceField | null {
  switch (service) {
    case 1: return 'installation';
    case 3: return 'cleanse';
    case 4: return 'debug';
    case 2: return (['repair', 'overhaul', 'medium', 'minor'] as const)[(maintenance ?? 1) - 1] ?? null;
    default: return null;
  }
}

export const ORDER_LABELS = ['加急', '保内', '保外', '安装', '维修', '清洗', '调制/检测/定位/教学'] as const;

export const DATE_RANGES = [
  { label: '近一周', days: 7 },
  { label: '近一个月', days: 30 },
  { label: '近三个月', days: 90 },
  { label: '近半年', days: 180 },
  { label: '近一年', days: 365 },
] as const;

export const MARKER_COLORS = table<string>([
  ['red', '红色'],
  ['gray', '灰色'],
  ['yellow', '黄色'],
  ['green', '绿色'],
  ['blue', '蓝色'],
  ['purple', '紫色'],
]);
export const DEFAULT_MARKER = 'gray';

export const PAYMENT_TYPE = {
  workOrder: 1,
  topUp: 2,
  platformTopUp: 3,
  communityReward: 4,
  orderCompensation: 5,
  platformDeduction: 6,
  orderRefund: 7,
  changeSurcharge: 8,
  praisePromotion: 9,
  remoteFee: 10,
  urgentFee: 11,
  returnCourierFee: 12,
  /** an approved extra fee (加价申请, issue 46) */
  extraFee: 13,
  /** automatic timeliness credit (issue 46, decision 257); 13 is left to issue 46's extra fees */
  timelinessCredit: 14,
} as const;
export const paymentType = table<number>([
  [1, '工单'],
  [2, '充值'],
  [3, '平台充值'],
  [4, '社区奖励'],
  [5, '订单赔偿'],
  [6, '平台扣款'],
  [7, '订单退款'],
  [8, '变更加价'],
  [9, '好评推广'],
  [10, '远程费'],
  [11, '加急费'],
  [12, '返件快递费'],
  [13, '服务加价'],
  [14, '时效赔付'],
]);

export const PAY_STATUS = { paid: 1, awaitingConfirm: 2, confirmed: 3, refunded: 4 } as const;
export const payStatus = table<number>([
  [1, '已支付'],
  [2, '待确认'],
  [3, '已确认'],
  [4, '已退款'],
]);
/** A top-up the operator refused: not in the spec's list; see docs/decisions. */
export const PAY_STATUS_REJECTED = 5;

export const PAY_METHOD = { balance: 1, qrCode: 2, refunded: 3 } as const;
export const payMethod = table<number>([
  [1, '余额'],
  [2, '扫码'],
  [3, '已退款'],
]);

export const CHANGE_TYPE = { expense: 0, income: 1 } as const;
export const changeType = table<number>([
  [0, '支出'],
  [1, '收入'],
]);

export const ADDRESS_PAYMENT_TYPE = table<number>([
  [0, '预付'],
  [1, '到付'],
]);

export const AGREEMENT = { privacy: 1, afterSales: 2, serviceQuality: 3, aboutUs: 4 } as const;

/** A parts request of an order (material_submissions.status): requested by the master, shipped by the vendor, arrived. */
export const MATERIAL_STATUS = { requested: 0, shipped: 1, arrived: 2 } as const;

export const PRODUCT_CHECK = { reviewing: 0, passed: 1, rejected: 2 } as const;
export const productCheck = table<number>([
  [0, '审核中'],
  [1, '审核通过'],
  [2, '审核驳回'],
]);

export const AFTER_SALE_TYPE = { compensation: 1, afterSale: 2 } as const;
export const afterSaleType = table<number>([
  [1, '赔偿'],
  [2, '售后'],
]);
export const afterSaleStatus = table<number>([
  [0, '申请中'],
  [1, '处理中'],
  [2, '已完成'],
  [3, '已关闭'],
]);
export const afterSaleCheck = table<number>([
  [0, '平台审核中'],
  [1, '已通过'],
  [2, '已驳回'],
  [3, '已撤回'],
]);

export const DATA_SCOPE = { all: 0, own: 1 } as const;
export const dataScope = table<number>([
  [0, '全部数据'],
  [1, '仅本账号数据'],
]);

export const SMS_TYPES = ['login', 'register', 'forget', 'changePhone', 'oldPhone'] as const;
export type SmsType = (typeof SMS_TYPES)[number];

export const ROLE = { manufacturer: 'manufacturer', platform: 'platform' } as const;

/** List paging (spec 01 §9, spec 02 §9): default 10 rows, orders 50, and the size selector's options. */
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 50, 100] as const;
export const ORDER_PAGE_SIZE = 50;
