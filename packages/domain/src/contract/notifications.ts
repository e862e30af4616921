import { z } from 'zod';
import { CODE } from '../codes';
import { NOTIFICATION_TYPE } from '../notifications';
import { refusal, time } from './envelope';

// Answer shapes of the notification centre and timeliness routes (issue 19, decisions 173–178).

export const notificationRow = z
  .object({
    id: z.number().int(),
    type: z.enum(Object.values(NOTIFICATION_TYPE)),
    typeName: z.string(),
    content: z.string(),
    orderId: z.number().int().nullable(),
    orderNo: z.string(),
    createTime: time,
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });

/** A page of notifications with the caller's unread count (filters aside). */
export const notificationPage = z.union([
  z.object({ code: z.literal(CODE.ok), msg: z.string(), rows: z.array(notificationRow), total: z.number().int().nonnegative(), unread: z.number().int().nonnegative() }),
  refusal,
]);

export const notificationPrefs = z.array(z.object({ type: z.string(), label: z.string(), sms: z.boolean() }));
export const streamTicket = z.object({ ticket: z.string().describe('single use, for GET /api/app/notifications/stream?ticket='), expiresIn: z.number().int().describe('seconds') });
export const streamQuery = z.object({ ticket: z.string().max(200).optional().catch(undefined) });
export const eventStream = z.union([
  z.string().meta({ description: 'text/event-stream: a `ready` event, then a `notification` event (data: a Notification) for each new one the user may see, and a silent `order.changed` event (data: { orderId }) when an order the user\'s order list shows changes; the stream ends when the session that asked for its ticket ends' }),
  refusal,
]);

export const slaSummary = z.object({ overdue: z.number().int().nonnegative(), soon: z.number().int().nonnegative() });
export const slaTargetsAnswer = z.object({
  acceptHours: z.number().int(),
  appointmentHours: z.number().int(),
  checkInGraceMinutes: z.number().int(),
  completionHours: z.number().int(),
  soonMinutes: z.number().int(),
});
