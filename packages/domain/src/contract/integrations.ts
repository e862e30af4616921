import { z } from 'zod';
import { time } from './envelope';

/** Answers of the open API key and webhook routes (issue 18, decisions 168–172). */

export const apiKeyCreated = z.object({
  keyId: z.string().describe('the `apikey` header of a server-to-server call'),
  secret: z.string().describe('the HMAC key of the signature; answered only this once'),
});
export const apiKeyRow = z.object({
  id: z.number().int(),
  keyId: z.string(),
  name: z.string(),
  createdAt: time,
  lastUsedAt: time.nullable(),
  lastUsedIp: z.string().nullable(),
});
export const webhookCreated = z.object({
  id: z.number().int(),
  secret: z.string().describe('whsec_<base64>: verifies webhook-signature (Standard Webhooks)'),
});
export const webhookRow = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  secret: z.string(),
  createdAt: time,
  updatedAt: time,
  /** How its deliveries go (decision 297). */
  health: z.object({
    okAt: time.nullable().describe('the last delivered attempt'),
    failingSince: time.nullable().describe('the first failed attempt since the last delivered one; null: not failing'),
    failedAt: time.nullable().describe('the last failed attempt'),
    lastFailure: z.string().nullable().describe('why the last failed attempt failed'),
    gaveUpAt: time.nullable().describe('when a delivery of the current failure episode was given up (发送失败)'),
  }),
});
export const webhookTestQueued = z.object({ deliveryId: z.number().int(), messageId: z.string() });
export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  messageId: z.string().describe('webhook-id: the same for every attempt of the event'),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable().describe("the receiver's last HTTP status"),
  lastError: z.string().nullable(),
  createdAt: time,
  doneAt: time.nullable(),
  phase: z.enum(['queued', 'sending', 'retry']).nullable().describe('a pending delivery: queued (待发送), sending (发送中), retry (等待重试 at nextAt)'),
  nextAt: time.nullable().describe('the next attempt after a failed one (phase retry)'),
  payload: z.string().describe('the JSON body sent: {type, id, createdAt, data}'),
  attemptLog: z.array(z.object({ statusCode: z.number().int().nullable(), error: z.string().nullable(), durationMs: z.number().int(), at: time })),
});
