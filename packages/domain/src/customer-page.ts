import { appointSlotLabel } from './appointments';

// The end customer's page of an order (issue 47, decisions 260–269): what the link, the page, the visit
// code (核销码) and the rating agree on, on both sides. No zod here: the customer's own small bundle
// imports this file (its request schemas are in contract/customer-page.ts).

/** The page every customer link opens; the token follows in the fragment, never sent to a server. */
export const CUSTOMER_PAGE_PATH = '/c';
export const customerPageUrl = (base: string, token: string) => `${base.replace(/\/+$/, '')}${CUSTOMER_PAGE_PATH}#${token}`;

/** The header that carries the link's token on every call of the customer page. */
export const CUSTOMER_LINK_HEADER = 'customer-link';

/** Random bytes of a link's token (base64url, 22 characters): 128 bits. */
export const LINK_TOKEN_BYTES = 16;
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A link works until this many days after its order ended (completed or cancelled). */
export const LINK_DAYS_AFTER_END = 30;
/** The merchant re-sends a link at most once in this many seconds. */
export const LINK_RESEND_SECONDS = 60;
/**
 * Texts of an order's link per Shanghai day, whoever causes them (the first send, 重新发送, the send after
 * 修改客户信息): past it 重新发送 is refused and the automatic send waits for the merchant (decision 298).
 */
export const LINK_SMS_PER_DAY = 5;

/** The visit code: digits, wrong guesses allowed before only an operator's override completes the order. */
export const VISIT_CODE_DIGITS = 6;
export const VISIT_CODE_ATTEMPTS = 5;

/** A problem (after-sales) may be raised this many days after completion. */
export const PROBLEM_DAYS = 7;
export const RATING_COMMENT_MAX = 200;
export const RATING_PHOTOS_MAX = 3;
export const RESCHEDULE_REASON_MAX = 200;
export const PROBLEM_TEXT_MAX = 400;
/** Photos one link may upload in all (a rating's and a problem's, with retries). */
export const CUSTOMER_UPLOADS_MAX = 20;

export const CUSTOMER_API = {
  // the customer's page (token in CUSTOMER_LINK_HEADER)
  view: '/api/customer/order',
  confirm: '/api/customer/order/confirm',
  reschedule: '/api/customer/order/reschedule',
  rate: '/api/customer/order/rate',
  problem: '/api/customer/order/problem',
  upload: '/api/customer/upload',
  // the merchant
  service: (id: number | string) => `/api/app/order/customerService/${id}`,
  resend: (id: number | string) => `/api/app/order/customerLink/resend/${id}`,
  revoke: (id: number | string) => `/api/app/order/customerLink/revoke/${id}`,
  ratingSummary: '/api/app/ratings/summary',
  // the console
  platformService: (id: number | string) => `/api/platform/orders/${id}/customerService`,
} as const;

export const CUSTOMER_MSG = {
  linkInvalid: '链接无效或已失效，请联系商家重新发送',
  confirmed: '已确认上门时间',
  noAppointment: '当前还没有预约上门时间',
  cannotConfirm: '当前订单状态无需确认上门时间',
  rescheduleDateRequired: '请选择希望上门的日期',
  rescheduleDateInvalid: '请选择明天起30天内的日期',
  rescheduleSlotRequired: '请选择希望上门的时间段',
  rescheduleReasonRequired: '请填写改约原因',
  rescheduleReasonTooLong: `改约原因最多${RESCHEDULE_REASON_MAX}个字`,
  rescheduleSent: '改约申请已提交，客服将尽快与您联系',
  reschedulePending: '您已提交改约申请，请等待客服联系',
  cannotReschedule: '当前订单状态不能申请改约',
  scoreRequired: '请选择评分',
  tagUnknown: '评价标签不正确',
  tagNotForScore: '评价标签与评分不符：4–5星请选择好评标签，1–3星请选择差评标签',
  commentTooLong: `评价内容最多${RATING_COMMENT_MAX}个字`,
  photosTooMany: `最多上传${RATING_PHOTOS_MAX}张图片`,
  photoInvalid: '图片不存在，请重新上传',
  uploadsUsedUp: '上传图片过多，请联系商家',
  rated: '感谢您的评价',
  alreadyRated: '您已评价过该订单',
  cannotRate: '服务完成后才能评价',
  problemReasonRequired: '请选择问题类型',
  problemTextRequired: '请描述遇到的问题',
  problemTextTooLong: `问题描述最多${PROBLEM_TEXT_MAX}个字`,
  problemSent: '问题已提交，商家将尽快为您处理',
  problemNotYet: '服务完成后才能反馈问题',
  problemTooLate: `服务完成已超过${PROBLEM_DAYS}天，如有问题请联系商家`,
  problemOpen: '该订单已有问题正在处理中，请耐心等待',
  // the merchant
  linkSent: '服务进度链接已发送',
  linkRevoked: '链接已作废',
  resendTooSoon: `发送过于频繁，请${LINK_RESEND_SECONDS}秒后再试`,
  linkNotForStatus: '当前订单状态不能发送服务进度链接',
  linkExpired: `服务进度链接已过期（订单完成满${LINK_DAYS_AFTER_END}天），不能重新发送`,
  linkDailyCap: `今日该订单已发送${LINK_SMS_PER_DAY}次服务进度链接，请明天再试或联系客户`,
  /** Why a link waits on the merchant's card: the automatic send found the day's texts used up (today, or a day before). */
  linkHeld: `今日该订单已发送${LINK_SMS_PER_DAY}次服务进度链接，未自动发送，请明天点击“重新发送链接”`,
  linkHeldEarlier: `因当日发送次数已满（${LINK_SMS_PER_DAY}次）未自动发送，请点击“重新发送链接”`,
  // the console's completion
  visitCodeRequired: '请输入客户核销码，或填写未使用核销码的原因',
  visitCodeWrong: (left: number) => `核销码错误，还可尝试${left}次`,
  visitCodeLocked: `核销码错误已达${VISIT_CODE_ATTEMPTS}次，请填写未使用核销码的原因后完工`,
  visitOverrideTooLong: '原因最多200个字',
} as const;

/** The operation-log line of a counted wrong visit code (the merchant sees someone guessing; decision 294). */
export const visitCodeWrongLog = (count: number) =>
  `核销码输错（第${count}次）${count >= VISIT_CODE_ATTEMPTS ? `，已达${VISIT_CODE_ATTEMPTS}次，只能填写未使用核销码的原因完工` : ''}`;

/**
 * The windows a customer may ask for instead. Their values are slots of the appointment windows of
 * issue 46 (am, pm, 18-20; appointments.ts), so a request maps onto a window as it is (decision 268).
 */
export const RESCHEDULE_SLOTS = (['am', 'pm', '18-20'] as const).map((value) => ({ value, label: appointSlotLabel(value) }));
export type RescheduleSlot = (typeof RESCHEDULE_SLOTS)[number]['value'];
export const rescheduleSlotLabel = (v: string) => RESCHEDULE_SLOTS.find((s) => s.value === v)?.label ?? v;

/** Tags a customer may pick: praise for 4–5 stars, complaints for 1–3. */
export const RATING_TAGS = {
  good: ['准时上门', '服务专业', '态度热情', '安装规范', '现场整洁', '讲解清楚'],
  bad: ['迟到', '服务不专业', '态度不好', '现场脏乱', '乱收费', '问题未解决'],
} as const;
export const ALL_RATING_TAGS: readonly string[] = [...RATING_TAGS.good, ...RATING_TAGS.bad];
export const ratingTagsFor = (score: number): readonly string[] => (score >= 4 ? RATING_TAGS.good : RATING_TAGS.bad);

/** 满意度 as the merchant's list filters and shows it. */
export const SATISFACTION = [
  { value: 'good', label: '满意', min: 4, max: 5 },
  { value: 'neutral', label: '一般', min: 3, max: 3 },
  { value: 'bad', label: '不满意', min: 1, max: 2 },
  { value: 'none', label: '未评价', min: 0, max: 0 },
] as const;
export type Satisfaction = (typeof SATISFACTION)[number]['value'];
export const isSatisfaction = (v: unknown): v is Satisfaction => SATISFACTION.some((s) => s.value === v);
export const satisfactionOf = (score: number | null | undefined) => (score ? SATISFACTION.find((s) => score >= s.min && score <= s.max)! : SATISFACTION[3]);

/** The customer's words for a node of the operation log; nodes the customer has no business with are absent. */
export const CUSTOMER_NODE_TEXT: Readonly<Record<number, string>> = {
  110: '商家已为您提交服务订单',
  220: '正在为您安排服务师傅',
  230: '已为您安排服务师傅',
  310: '师傅已接单，将尽快与您预约上门时间',
  410: '已预约上门时间',
  420: '上门时间已调整',
  510: '师傅已上门',
  530: '需要更换配件，正在为您准备配件',
  540: '配件已发出',
  550: '配件已到达，师傅将继续为您服务',
  560: '师傅已完成服务',
  710: '服务已完成',
  810: '订单已取消',
  910: '您的问题已提交，正在处理',
  920: '您的问题正在处理中',
  930: '问题处理已结束',
  940: '问题已处理完成',
};

/** The after-sales case source of a problem the customer raised on the page (after_sales.source). */
export const CUSTOMER_CASE_SOURCE = 'customer' as const;
/**
 * The log nodes of an after-sales case (售后 910–940). Only the customer's own cases are the customer's
 * problem: a merchant's 赔偿/售后 case is between the merchant and the platform (decision 278).
 */
export const PROBLEM_NODES: readonly number[] = [910, 920, 930, 940];

/** The headline of the page for a stored status. */
export const customerStage = (status: number): string =>
  ({
    100: '订单待确认',
    200: '正在安排师傅',
    210: '正在安排回收',
    300: '师傅已接单，待预约',
    310: '待上门回收',
    400: '待师傅上门',
    500: '服务中',
    510: '等待配件',
    600: '服务已完成',
    650: '服务已完成',
    700: '服务已完成',
    800: '订单已取消',
    900: '问题处理中',
  })[status] ?? '服务进行中';

/** Statuses at which the page shows the visit code: the master is coming or at work (recycle: 310). */
export const VISIT_CODE_STATUSES: readonly number[] = [310, 400, 500, 510];
/** Statuses at which the appointment can be confirmed or another window asked for. */
export const APPOINTMENT_STATUSES: readonly number[] = [200, 300, 400];
/** Statuses at which the service may be rated. */
export const RATING_STATUSES: readonly number[] = [600, 650, 700, 900];

/** 138****5678 */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');
/** Letters and digits (house numbers, rooms) hidden; the road and the estate's name stay. */
export const maskAddress = (detail: string) => detail.replace(/[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]+/g, '**');
