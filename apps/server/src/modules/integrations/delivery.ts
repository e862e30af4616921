import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/time';
import { claimDeliveries, endpointForDelivery, finishAttempt, releaseDeliveries, type ClaimedDelivery } from './integrations.repository';
import { guardedLookup, isPrivateAddress, UrlRefused } from './ssrf';
import { webhookHeaders } from './webhook-signing';

// The webhook delivery worker (decision 170). Every server process runs one; each round claims due
// rows with a lease (integrations.repository claimDeliveries), posts them, and records the outcome.
// A 2xx answer delivers; anything else retries after base·2^(attempt-1) seconds (at most an hour)
// until 24 h after the event, then the row is failed. Every attempt carries the event's one id.

export interface DeliveryOptions {
  pg: boolean;
  allowPrivate: boolean;
  retryBaseSeconds: number;
  pollMs: number;
  timeoutSeconds: number;
  log: { error(o: object, msg: string): void };
}

const MAX_DELAY_MS = 3600_000;
const BATCH = 20;

export const retryDelayMs = (attempt: number, baseSeconds: number) => Math.min(MAX_DELAY_MS, baseSeconds * 1000 * 2 ** Math.max(0, attempt - 1));

/** POSTs `body`; answers the HTTP status (the answer's body is read and dropped) or throws. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number, allowPrivate: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return reject(new UrlRefused('private'));
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      u,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs, lookup: allowPrivate ? undefined : guardedLookup },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function deliverOne(db: DB, d: ClaimedDelivery, holder: string, o: DeliveryOptions) {
  const started = Date.now();
  const ep = await endpointForDelivery(db, d.endpoint_id);
  let statusCode: number | null = null;
  let error: string | null = null;
  if (!ep || ep.removed_at) error = 'endpoint removed';
  else {
    try {
      statusCode = await postWebhook(ep.url, webhookHeaders(ep.secret, d.message_id, d.payload), d.payload, o.timeoutSeconds * 1000, o.allowPrivate);
      if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
    } catch (err) {
      error = err instanceof UrlRefused ? '接收地址指向内网或保留地址，已拒绝发送' : String((err as Error).message ?? err).slice(0, 300);
    }
  }
  const now = Date.now();
  const delivered = error === null;
  const nextAt = now + retryDelayMs(d.attempts, o.retryBaseSeconds);
  const status = delivered ? 'delivered' : !ep || ep.removed_at || nextAt > d.retry_until ? 'failed' : 'pending';
  await finishAttempt(db, { id: d.id, holder }, { status, statusCode, error, nextAt: status === 'pending' ? nextAt : now, durationMs: now - started, now: nowIso() });
}

/** One round: claim due deliveries and send them side by side. Answers how many were claimed. */
export async function deliveryRound(db: DB, holder: string, o: DeliveryOptions) {
  const now = Date.now();
  // The lease outlasts one attempt's timeout: a live worker finishes before anyone else may take it.
  const leaseUntil = now + o.timeoutSeconds * 2000 + 5000;
  const claimed = await claimDeliveries(db, o.pg, holder, now, leaseUntil, BATCH);
  // One endpoint's events one after another, in the order they happened (a receiver usually sees an
  // order's nodes in order; retries can still reorder — docs/integration.md); endpoints side by side.
  const byEndpoint = new Map<number, ClaimedDelivery[]>();
  for (const d of claimed) byEndpoint.set(d.endpoint_id, [...(byEndpoint.get(d.endpoint_id) ?? []), d]);
  await Promise.all(
    [...byEndpoint.values()].map(async (list) => {
      for (const [i, d] of list.entries()) {
        // A slow receiver: what could not finish within the lease goes back, untried, for the next round.
        if (Date.now() + o.timeoutSeconds * 1000 + 1000 > leaseUntil) return releaseDeliveries(db, list.slice(i).map((x) => x.id), holder);
        await deliverOne(db, d, holder, o).catch((err) => o.log.error({ err }, 'webhook delivery failed'));
      }
    }),
  );
  return claimed.length;
}

/** Starts the worker; answers a stop function that waits for the round in flight. */
export function startDeliveryWorker(db: DB, o: DeliveryOptions) {
  if (!o.pollMs) return async () => undefined;
  const holder = `${process.pid}-${randomBytes(4).toString('hex')}`;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      try {
        // A full batch: more may be due, go again at once.
        while (!stopped && (await deliveryRound(db, holder, o)) === BATCH);
      } catch (err) {
        if (!stopped) o.log.error({ err }, 'webhook delivery round failed');
      }
      if (!stopped) {
        timer = setTimeout(tick, o.pollMs);
        timer.unref();
      }
    })();
  };
  timer = setTimeout(tick, Math.random() * o.pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
