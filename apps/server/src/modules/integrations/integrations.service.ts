import { INTEGRATION_MSG, API_KEYS_MAX, WEBHOOKS_MAX, type ApiKeyRow, type WebhookBody, type WebhookDeliveryRow, type WebhookRow } from '@portal/domain/integrations';
import { webhookFailureText } from '@portal/domain/webhook-failures';
import type { Config } from '../../config';
import type { DB } from '../../db/database';
import { apiKeyMaster, deriveApiSecret, newKeyId, secretHashOf } from '../../lib/api-keys';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso, toShanghai } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import * as repo from './integrations.repository';
import { eventBody, RETRY_WINDOW_MS } from './outbox';
import { assertPublicUrl, UrlRefused } from './ssrf';
import { newMessageId, newWebhookSecret } from './webhook-signing';

/**
 * Where a pending delivery stands (decision 297): a worker holds it (sending), a failed attempt set its
 * next one ahead (retry, at nextAt), or it is due and waits for a place (queued).
 */
function pendingPhase(r: { status: string; lease_until: number; next_at: number }, now: number): Pick<WebhookDeliveryRow, 'phase' | 'nextAt'> {
  if (r.status !== 'pending') return { phase: null, nextAt: null };
  if (Number(r.lease_until) > now) return { phase: 'sending', nextAt: null };
  if (Number(r.next_at) > now) return { phase: 'retry', nextAt: toShanghai(new Date(Number(r.next_at)).toISOString()) };
  return { phase: 'queued', nextAt: null };
}

const eventsColumn = (events: string[]) => `,${events.join(',')},`;
const eventsOf = (column: string) => column.split(',').filter(Boolean);

/** API keys and webhook endpoints of a vendor's main account (issue 18). */
export function integrationsService(db: DB, config: Config) {
  const master = apiKeyMaster(config);

  async function checkUrl(url: string) {
    try {
      await assertPublicUrl(url, config.WEBHOOK_ALLOW_PRIVATE);
    } catch (e) {
      if (e instanceof UrlRefused) throw badRequest(e.reason === 'private' ? INTEGRATION_MSG.urlPrivate : INTEGRATION_MSG.urlUnresolvable);
      throw e;
    }
  }

  return {
    async createKey(p: VendorPrincipal, name: string) {
      const keyId = newKeyId();
      const secret = deriveApiSecret(master, keyId);
      await db.transaction().execute(async (tx) => {
        await repo.lockVendor(tx, p.vendorId, config.isPostgres);
        if ((await repo.liveKeyCount(tx, p.vendorId)) >= API_KEYS_MAX) throw badRequest(INTEGRATION_MSG.keysLimit);
        await repo.insertKey(tx, { vendor_id: p.vendorId, key_id: keyId, name, secret_hash: secretHashOf(secret), created_by: p.userId, created_at: nowIso() });
      });
      return { keyId, secret };
    },

    async listKeys(p: VendorPrincipal): Promise<ApiKeyRow[]> {
      return (await repo.listKeys(db, p.vendorId)).map((k) => ({
        id: k.id, keyId: k.key_id, name: k.name, createdAt: toShanghai(k.created_at), lastUsedAt: k.last_used_at ? toShanghai(k.last_used_at) : null, lastUsedIp: k.last_used_ip,
      }));
    },

    async revokeKey(p: VendorPrincipal, id: number) {
      if (!(await repo.revokeKey(db, p.vendorId, id, nowIso()))) throw notFound();
    },

    async createWebhook(p: VendorPrincipal, body: WebhookBody) {
      await checkUrl(body.url);
      const secret = newWebhookSecret();
      const now = nowIso();
      const row = await db.transaction().execute(async (tx) => {
        await repo.lockVendor(tx, p.vendorId, config.isPostgres);
        if ((await repo.liveEndpointCount(tx, p.vendorId)) >= WEBHOOKS_MAX) throw badRequest(INTEGRATION_MSG.webhooksLimit);
        return repo.insertEndpoint(tx, { vendor_id: p.vendorId, url: body.url, secret, events: eventsColumn(body.events), created_at: now, updated_at: now });
      });
      return { id: row.id, secret };
    },

    async listWebhooks(p: VendorPrincipal): Promise<WebhookRow[]> {
      const at = (v: string | null) => (v ? toShanghai(v) : null);
      return (await repo.listEndpoints(db, p.vendorId)).map((e) => ({
        id: e.id, url: e.url, events: eventsOf(e.events), secret: e.secret, createdAt: toShanghai(e.created_at), updatedAt: toShanghai(e.updated_at),
        health: { okAt: at(e.ok_at), failingSince: at(e.failing_since), failedAt: at(e.failed_at), lastFailure: e.failing_since ? e.last_failure : null, gaveUpAt: at(e.gave_up_at) },
      }));
    },

    async updateWebhook(p: VendorPrincipal, id: number, body: WebhookBody) {
      const old = await repo.findEndpoint(db, p.vendorId, id);
      if (!old) throw notFound();
      await checkUrl(body.url);
      if (!(await repo.updateEndpoint(db, p.vendorId, id, { url: body.url, events: eventsColumn(body.events), updated_at: nowIso() }, old.url !== body.url))) throw notFound();
    },

    async removeWebhook(p: VendorPrincipal, id: number) {
      if (!(await repo.removeEndpoint(db, p.vendorId, id, nowIso(), webhookFailureText({ kind: 'removed' })))) throw notFound();
    },

    /** Queues a `webhook.test` event for the endpoint; the worker sends it like any other. */
    async sendTest(p: VendorPrincipal, id: number) {
      if (!(await repo.findEndpoint(db, p.vendorId, id))) throw notFound();
      const messageId = newMessageId();
      const now = Date.now();
      const createdAt = new Date(now).toISOString();
      const payload = eventBody('webhook.test', messageId, createdAt, { message: '这是一条测试事件', at: createdAt });
      const [row] = await repo.insertDeliveries(db, [
        { vendor_id: p.vendorId, endpoint_id: id, message_id: messageId, event_type: 'webhook.test', payload, status: 'pending', next_at: now, retry_until: now + RETRY_WINDOW_MS, created_at: createdAt },
      ]);
      return { deliveryId: row!.id, messageId };
    },

    async deliveries(p: VendorPrincipal, id: number, pageNum: number, pageSize: number) {
      if (!(await repo.findEndpoint(db, p.vendorId, id))) throw notFound();
      const { total, rows, attempts } = await repo.deliveriesPage(db, p.vendorId, id, pageNum, pageSize);
      const now = Date.now();
      const list: WebhookDeliveryRow[] = rows.map((r) => ({
        id: r.id, messageId: r.message_id, eventType: r.event_type, status: r.status as WebhookDeliveryRow['status'], attempts: r.attempts, lastStatus: r.last_status, lastError: r.last_error,
        createdAt: toShanghai(r.created_at), doneAt: r.done_at ? toShanghai(r.done_at) : null,
        ...pendingPhase(r, now), payload: r.payload,
        attemptLog: attempts.filter((a) => a.delivery_id === r.id).map((a) => ({ statusCode: a.status_code, error: a.error, durationMs: a.duration_ms, at: toShanghai(a.created_at) })),
      }));
      return { rows: list, total };
    },

    async redeliver(p: VendorPrincipal, deliveryId: number) {
      if (await repo.requeueDelivery(db, p.vendorId, deliveryId, Date.now())) return;
      // a second click on a row the first one queued again
      throw (await repo.isPendingDelivery(db, p.vendorId, deliveryId)) ? badRequest(INTEGRATION_MSG.redeliverPending) : notFound();
    },
  };
}
