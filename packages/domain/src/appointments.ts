// Appointment windows (预约, issue 46; decisions 255–256): the master's appointment is a date and a
// slot — a 2-hour slot or a half day — never a point in time. The slots are defined here once: the
// console's 预约上门 / 改约时间, the merchant's reschedule request and the customer's page
// (decision 268: am, pm, 18-20) all use them. Plain TypeScript (the customer's bundle imports it).

export interface AppointSlot {
  value: string;
  label: string;
  /** HH:mm, Asia/Shanghai */
  start: string;
  end: string;
  /** a half day (上午/下午) rather than a 2-hour slot */
  halfDay: boolean;
}

export const APPOINT_SLOTS = [
  { value: '08-10', label: '08:00–10:00', start: '08:00', end: '10:00', halfDay: false },
  { value: '10-12', label: '10:00–12:00', start: '10:00', end: '12:00', halfDay: false },
  { value: '12-14', label: '12:00–14:00', start: '12:00', end: '14:00', halfDay: false },
  { value: '14-16', label: '14:00–16:00', start: '14:00', end: '16:00', halfDay: false },
  { value: '16-18', label: '16:00–18:00', start: '16:00', end: '18:00', halfDay: false },
  { value: '18-20', label: '晚上（18:00–20:00）', start: '18:00', end: '20:00', halfDay: false },
  { value: 'am', label: '上午（08:00–12:00）', start: '08:00', end: '12:00', halfDay: true },
  { value: 'pm', label: '下午（13:00–18:00）', start: '13:00', end: '18:00', halfDay: true },
] as const satisfies readonly AppointSlot[];
export type AppointSlotValue = (typeof APPOINT_SLOTS)[number]['value'];

export const isAppointSlot = (v: unknown): v is AppointSlotValue => APPOINT_SLOTS.some((s) => s.value === v);
export const appointSlotOf = (v: string | null | undefined): AppointSlot | undefined => APPOINT_SLOTS.find((s) => s.value === v);
export const appointSlotLabel = (v: string | null | undefined) => appointSlotOf(v)?.label ?? '';

/** The window as text: `2026-12-30 14:00–16:00` / `2026-12-30 上午（08:00–12:00）`. */
export function windowText(date: string, slot: string | null | undefined): string {
  const s = appointSlotOf(slot);
  if (!s) return date;
  return `${date} ${s.halfDay || s.value === '18-20' ? s.label : `${s.start}–${s.end}`}`;
}

/** Start and end of a window as Shanghai `YYYY-MM-DD HH:mm:ss` texts. */
export function windowBounds(date: string, slot: string): { start: string; end: string } | null {
  const s = appointSlotOf(slot);
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return { start: `${date} ${s.start}:00`, end: `${date} ${s.end}:00` };
}

/**
 * The 2-hour slot a point in time (`HH:mm[:ss]`) falls in; the console's older callers still send a
 * door time (decision 255). Undefined outside 08:00–20:00.
 */
export function slotContaining(clock: string): AppointSlotValue | undefined {
  const hm = clock.slice(0, 5);
  return APPOINT_SLOTS.find((s) => !s.halfDay && s.start <= hm && hm < s.end)?.value;
}

/** Why a booking failed (预约失败), a fixed list; 其他 needs a note. */
export const APPOINT_FAIL_REASONS = [
  { value: 'no_answer', label: '客户电话无人接听' },
  { value: 'customer_delay', label: '客户要求改期' },
  { value: 'goods_not_arrived', label: '货未到' },
  { value: 'wrong_address', label: '地址有误' },
  { value: 'other', label: '其他' },
] as const;
export type AppointFailReason = (typeof APPOINT_FAIL_REASONS)[number]['value'];
export const isAppointFailReason = (v: unknown): v is AppointFailReason => APPOINT_FAIL_REASONS.some((r) => r.value === v);
export const appointFailReasonLabel = (v: string | null | undefined) => APPOINT_FAIL_REASONS.find((r) => r.value === v)?.label ?? '';

/** Who asked for another window. */
export const RESCHEDULE_BY = { merchant: 'merchant', customer: 'customer' } as const;
export type RescheduleBy = (typeof RESCHEDULE_BY)[keyof typeof RESCHEDULE_BY];
export const rescheduleByLabel = (v: string) => (v === 'customer' ? '客户' : v === 'merchant' ? '商家' : v);

/** A reschedule request's states: waiting for the console, answered by a new appointment. */
export const RESCHEDULE_STATE = { pending: 'pending', done: 'done' } as const;
export const rescheduleStateLabel = (v: string) => (v === 'pending' ? '待处理' : v === 'done' ? '已改约' : v);

/** Statuses at which the merchant may ask for another window (before the master is at the door). */
export const RESCHEDULE_STATUSES: readonly number[] = [200, 300, 400];
/** The merchant's preferred date: from tomorrow up to this many days ahead. */
export const RESCHEDULE_DAYS_AHEAD = 30;

/** `YYYY-MM-DD` naming a day that exists (not 2026-11-31, not 2026-12-00). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const day = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return day.getUTCFullYear() === +m[1]! && day.getUTCMonth() === +m[2]! - 1 && day.getUTCDate() === +m[3]!;
}

/** The Asia/Shanghai date `days` after today, `YYYY-MM-DD`. */
export const shanghaiDate = (days = 0, nowMs = Date.now()) => new Date(nowMs + days * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * The wished day of a reschedule request, the merchant's (decision 256) and the customer's (268): a day
 * that exists, from tomorrow to RESCHEDULE_DAYS_AHEAD days ahead in Shanghai (decision 294).
 */
export const rescheduleDateAllowed = (date: string, nowMs = Date.now()) =>
  isCalendarDate(date) && date >= shanghaiDate(1, nowMs) && date <= shanghaiDate(RESCHEDULE_DAYS_AHEAD, nowMs);
export const RESCHEDULE_REASON_MAX = 200;

/** The list filter `appointment`: 'failed' 预约失败. */
export const APPOINTMENT_FILTER = { failed: 'failed' } as const;

export const APPOINTMENT_MSG = {
  dateRequired: '请选择预约日期',
  slotRequired: '请选择预约时段',
  windowPast: '预约时段不能早于当前时间',
  doorTimeOutside: '上门时间须在08:00–20:00之间，请选择预约时段',
  failReasonRequired: '请选择预约失败原因',
  failNoteRequired: '选择“其他”时请填写说明',
  noteTooLong: '说明最多200个字',
  rescheduleDateRequired: '请选择期望日期',
  rescheduleDateInvalid: `期望日期须在明天至${RESCHEDULE_DAYS_AHEAD}天内`,
  rescheduleSlotRequired: '请选择期望时段',
  rescheduleReasonRequired: '请填写改约原因',
  rescheduleReasonTooLong: `改约原因最多${RESCHEDULE_REASON_MAX}个字`,
  cannotReschedule: '当前订单状态不能申请改约',
  reschedulePending: '已有待处理的改约申请，请等待平台处理',
  rescheduleOk: '改约申请已提交，平台将尽快与客户确认',
} as const;
