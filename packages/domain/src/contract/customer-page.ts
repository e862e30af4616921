import { z } from 'zod';
import '../validation';
import {
  ALL_RATING_TAGS,
  CUSTOMER_MSG,
  PROBLEM_TEXT_MAX,
  RATING_COMMENT_MAX,
  RATING_PHOTOS_MAX,
  RESCHEDULE_REASON_MAX,
  RESCHEDULE_SLOTS,
  ratingTagsFor,
} from '../customer-page';
import { isCalendarDate } from '../appointments';
import { time } from './envelope';

// Requests and answers of the customer's page and of what the merchant and the console see of it
// (issue 47). The customer's bundle does not import this file (no zod there); the server checks with it.

const int = z.number().int();
const photoPaths = z
  .array(z.string().trim().min(1).max(300), { error: CUSTOMER_MSG.photoInvalid })
  .max(RATING_PHOTOS_MAX, CUSTOMER_MSG.photosTooMany)
  .optional()
  .default([]);

export const rescheduleBody = z.object({
  date: z
    .string({ error: CUSTOMER_MSG.rescheduleDateRequired })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, CUSTOMER_MSG.rescheduleDateRequired)
    .refine(isCalendarDate, CUSTOMER_MSG.rescheduleDateInvalid),
  slot: z.string({ error: CUSTOMER_MSG.rescheduleSlotRequired }).refine((v) => RESCHEDULE_SLOTS.some((s) => s.value === v), CUSTOMER_MSG.rescheduleSlotRequired),
  reason: z.string({ error: CUSTOMER_MSG.rescheduleReasonRequired }).trim().min(1, CUSTOMER_MSG.rescheduleReasonRequired).max(RESCHEDULE_REASON_MAX, CUSTOMER_MSG.rescheduleReasonTooLong),
});
export type RescheduleBody = z.infer<typeof rescheduleBody>;

export const rateBody = z
  .object({
    score: z.coerce.number({ error: CUSTOMER_MSG.scoreRequired }).int(CUSTOMER_MSG.scoreRequired).min(1, CUSTOMER_MSG.scoreRequired).max(5, CUSTOMER_MSG.scoreRequired),
    tags: z
      .array(z.string().refine((t) => ALL_RATING_TAGS.includes(t), CUSTOMER_MSG.tagUnknown), { error: CUSTOMER_MSG.tagUnknown })
      .max(ALL_RATING_TAGS.length, CUSTOMER_MSG.tagUnknown)
      .optional()
      .default([])
      .transform((v) => [...new Set(v)]),
    comment: z.string({ error: CUSTOMER_MSG.commentTooLong }).trim().max(RATING_COMMENT_MAX, CUSTOMER_MSG.commentTooLong).optional().default(''),
    photos: photoPaths,
  })
  .refine((b) => b.tags.every((t) => ratingTagsFor(b.score).includes(t)), { error: CUSTOMER_MSG.tagNotForScore, path: ['tags'] });
export type RateBody = z.infer<typeof rateBody>;

export const problemBody = z.object({
  reason: z.string({ error: CUSTOMER_MSG.problemReasonRequired }).trim().min(1, CUSTOMER_MSG.problemReasonRequired).max(100, CUSTOMER_MSG.problemReasonRequired),
  description: z.string({ error: CUSTOMER_MSG.problemTextRequired }).trim().min(1, CUSTOMER_MSG.problemTextRequired).max(PROBLEM_TEXT_MAX, CUSTOMER_MSG.problemTextTooLong),
  photos: photoPaths,
});
export type ProblemBody = z.infer<typeof problemBody>;

/** The rating as the customer gave it (photos as signed links). */
export const customerRating = z.object({
  score: int,
  tags: z.array(z.string()),
  comment: z.string(),
  photos: z.array(z.string()),
  createTime: time,
});
export type CustomerRating = z.infer<typeof customerRating>;

const rescheduleRequest = z.object({
  id: int,
  date: z.string(),
  slot: z.string(),
  slotName: z.string(),
  reason: z.string(),
  /** pending: waits for the console; done: the appointment was set again */
  state: z.enum(['pending', 'done']),
  createTime: time,
});
export type RescheduleRequestRow = z.infer<typeof rescheduleRequest>;

/** GET CUSTOMER_API.view: one order as its customer sees it — nothing of prices, wallet or other orders. */
export const customerView = z.object({
  merchant: z.string(),
  orderNo: z.string(),
  serviceName: z.string(),
  products: z.array(z.object({ name: z.string(), number: int })),
  status: int,
  stage: z.string(),
  timeline: z.array(z.object({ time, text: z.string() })),
  appointment: z.object({
    doorTime: time.describe('约定上门时段（YYYY-MM-DD HH:mm–HH:mm 或 上午/下午），未约定为空'),
    confirmed: z.boolean(),
    canConfirm: z.boolean(),
    canReschedule: z.boolean(),
    pendingRequest: rescheduleRequest.nullable(),
  }),
  master: z.object({ surname: z.string(), phone: z.string() }).nullable(),
  address: z.object({ region: z.string(), detail: z.string() }),
  visitCode: z.string().nullable().describe('核销码：师傅上门期间显示，核销后为空'),
  visitCodeUsed: z.boolean(),
  rating: customerRating.nullable(),
  canRate: z.boolean(),
  problem: z.object({
    canRaise: z.boolean(),
    deadline: time,
    reasons: z.array(z.string()),
    open: z.object({ stage: z.string(), createTime: time }).nullable(),
  }),
});
export type CustomerView = z.infer<typeof customerView>;

export const customerUploaded = z.object({ fileUrl: z.string(), url: z.string() });

/** What the merchant and the console see of an order's customer side. */
export const customerService = z.object({
  link: z.object({
    state: z.enum(['none', 'pending', 'sent', 'revoked', 'expired']),
    stateName: z.string(),
    phone: z.string(),
    sentTime: time,
    sends: int,
    holdReason: z.string().describe('待发送的链接未自动发送的原因（当日发送次数已满）；无则为空'),
    validUntil: time.describe('订单结束后30天；订单未结束为空'),
  }),
  appointmentConfirmed: z.boolean(),
  confirmTime: time,
  visit: z.object({
    state: z.enum(['none', 'waiting', 'code', 'override']),
    stateName: z.string(),
    attempts: int,
    usedTime: time,
    overrideReason: z.string(),
    operator: z.string(),
  }),
  rating: customerRating.nullable(),
  requests: z.array(rescheduleRequest),
});
export type CustomerService = z.infer<typeof customerService>;

/** GET CUSTOMER_API.ratingSummary: averages by service type and by product model (top models by count). */
export const ratingSummary = z.object({
  total: z.object({ count: int, average: z.number() }),
  byServiceType: z.array(z.object({ serviceType: int, name: z.string(), count: int, average: z.number() })),
  byModel: z.array(z.object({ modelName: z.string(), count: int, average: z.number() })),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const ratingSummaryQuery = z.object({
  /** the last N days (0 all time) */
  days: z.coerce.number().int().min(0).max(3660).catch(0),
});
