import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signatures (https://www.standardwebhooks.com/, decision 169): the secret is
// `whsec_` + base64 of 24 random bytes; the signature of a message is
// `v1,` + base64(HMAC-SHA256(secret bytes, `${webhook-id}.${webhook-timestamp}.${body}`)).

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
export const newMessageId = () => `msg_${randomBytes(12).toString('hex')}`;

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one delivery attempt. */
export function webhookHeaders(secret: string, messageId: string, body: string, nowMs = Date.now()) {
  const ts = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'portal-webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(ts),
    'webhook-signature': signWebhook(secret, messageId, ts, body),
  };
}
