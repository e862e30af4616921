import { z } from 'zod';
import { idList, pageQuery } from './validation';

// The notification centre (issue 19, decisions 173–175): what the vendor is told, by type.

export const NOTIFICATION_TYPE = {
  masterAccepted: 'master_accepted',
  appointment: 'appointment',
  partsRequested: 'parts_requested',
  partsShipped: 'parts_shipped',
  completionRequested: 'completion_requested',
  returnReview: 'return_review',
  praiseReview: 'praise_review',
  afterSalesDecided: 'after_sales_decided',
  topupConfirmed: 'topup_confirmed',
  topupRejected: 'topup_rejected',
  orderOverdue: 'order_overdue',
  invoiceDecided: 'invoice_decided',
  customerRated: 'customer_rated',
  customerReschedule: 'customer_reschedule',
  customerProblem: 'customer_problem',
  extraFeeRequested: 'extra_fee_requested',
  extraFeeDecided: 'extra_fee_decided',
  appointmentFailed: 'appointment_failed',
  timelinessCredited: 'timeliness_credited',
  webhookFailed: 'webhook_failed',
} as const;
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

/** Each type's name, in the order the filter and the preferences list them. */
export const NOTIFICATION_TYPES: ReadonlyArray<{ value: NotificationType; label: string; needsYou: boolean }> = [
  { value: 'master_accepted', label: '师傅已接单', needsYou: false },
  { value: 'appointment', label: '预约/改约上门', needsYou: false },
  { value: 'parts_requested', label: '配件申请待处理', needsYou: true },
  { value: 'parts_shipped', label: '配件已发货', needsYou: false },
  { value: 'completion_requested', label: '完工待确认', needsYou: true },
  { value: 'return_review', label: '返件待审核', needsYou: true },
  { value: 'praise_review', label: '好评待审核', needsYou: true },
  { value: 'after_sales_decided', label: '售后已处理', needsYou: false },
  { value: 'topup_confirmed', label: '充值已到账', needsYou: false },
  { value: 'topup_rejected', label: '充值被驳回', needsYou: true },
  { value: 'order_overdue', label: '订单超时', needsYou: false },
  { value: 'invoice_decided', label: '开票结果', needsYou: false },
  // what the end customer did on the order's page (issue 47)
  { value: 'customer_rated', label: '客户评价', needsYou: false },
  { value: 'customer_reschedule', label: '客户申请改约', needsYou: true },
  { value: 'customer_problem', label: '客户反馈问题', needsYou: true },
  // extra fees (issue 46)
  { value: 'extra_fee_requested', label: '加价待确认', needsYou: true },
  { value: 'extra_fee_decided', label: '加价已处理', needsYou: false },
  // appointment windows and timeliness credit (issue 46)
  { value: 'appointment_failed', label: '预约失败', needsYou: true },
  { value: 'timeliness_credited', label: '时效赔付到账', needsYou: false },
  // a webhook endpoint's delivery given up, once a failure episode (decision 297)
  { value: 'webhook_failed', label: 'Webhook推送失败', needsYou: true },
];
const LABELS = new Map<string, string>(NOTIFICATION_TYPES.map((t) => [t.value, t.label]));
export const notificationTypeLabel = (t: string) => LABELS.get(t) ?? '';
export const isNotificationType = (t: unknown): t is NotificationType => typeof t === 'string' && LABELS.has(t);

/** The order node a move ends at → the notification it raises (order-transitions.ts nodes). */
export const NODE_NOTIFICATION: Readonly<Record<number, NotificationType>> = {
  310: 'master_accepted',
  410: 'appointment',
  420: 'appointment',
  530: 'parts_requested',
  540: 'parts_shipped',
  560: 'completion_requested',
  630: 'return_review',
  650: 'praise_review',
  340: 'appointment_failed',
};
/** The order-log relevance type of a recorded SLA breach. */
export const SLA_BREACH_RELEVANCE = 'sla_breach';
/** The order-log relevance types of a failed booking and of a reschedule request (issue 46). */
export const APPOINT_FAILED_RELEVANCE = 'appointFailed';
export const RESCHEDULE_RELEVANCE = 'appointmentReschedule';

/** Delivery per type: in the portal only, or also by SMS to the user's phone. */
export const NOTIFY_CHANNEL = { app: 'app', sms: 'sms' } as const;

export const NOTIFICATION_MSG = {
  idsRequired: '请选择通知',
  readOk: '已标记为已读',
  ticketInvalid: '通知连接已失效，请刷新页面',
  prefsSaved: '保存成功',
  typeInvalid: '通知类型不正确',
  noPhone: '当前账号未绑定手机号，无法接收短信通知',
  streamReplaced: '您在其他页面打开了实时通知，本页暂停实时更新（每10秒刷新），切换回本页后恢复',
} as const;

/** Seconds a stream ticket may wait to be used (once). */
export const STREAM_TICKET_SECONDS = 60;

/**
 * The live stream's event names (decisions 175, 269): `ready` once opened; `notification` (data: a
 * NotificationRow) for the bell; `order.changed` (data: { orderId }) silently, for any change of an
 * order the viewer's order list shows, so its open views read it again; `replaced` (data: { msg }) just
 * before the server ends a stream because the same user opened one more than it keeps (decision 295) —
 * the page then waits until it is shown again before it reconnects.
 */
export const STREAM_EVENT = { ready: 'ready', notification: 'notification', orderChanged: 'order.changed', replaced: 'replaced' } as const;

export const notificationListQuery = pageQuery.extend({
  type: z.string().trim().optional().transform((v) => (v && isNotificationType(v) ? v : '')),
  /** '0' unread, '1' read, else all */
  read: z.union([z.string(), z.number()]).optional().transform((v) => (v === '0' || v === 0 ? '0' : v === '1' || v === 1 ? '1' : '')),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationReadBody = z.union([
  z.object({ all: z.literal(true) }).transform(() => ({ all: true as const, ids: [] as number[] })),
  z.object({ ids: idList(NOTIFICATION_MSG.idsRequired).refine((ids) => ids.length > 0, NOTIFICATION_MSG.idsRequired) }).transform((b) => ({ all: false as const, ids: b.ids })),
], { error: NOTIFICATION_MSG.idsRequired });

export const notificationPrefsBody = z.object({
  prefs: z
    .array(z.object({ type: z.string().refine(isNotificationType, NOTIFICATION_MSG.typeInvalid), sms: z.boolean() }), { error: NOTIFICATION_MSG.typeInvalid })
    .max(50),
});

/** One row of the list. */
export interface NotificationRow {
  id: number;
  type: NotificationType;
  typeName: string;
  content: string;
  orderId: number | null;
  orderNo: string;
  createTime: string;
  read: boolean;
}
