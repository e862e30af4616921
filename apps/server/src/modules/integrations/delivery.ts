import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { webhookFailureIsFinal, webhookFailureText, type WebhookFailure } from '@portal/domain/webhook-failures';
import type { DB } from '../../db/database';
import { emitDomainEvent } from '../../lib/domain-events';
import { nowIso } from '../../lib/time';
import { AnswerIncomplete, failureOfError, failureOfStatus } from './attempt-failure';
import { claimDelivery, endpointForDelivery, finishAttempt, markGaveUp, recordEndpointOutcome, type ClaimedDelivery } from './integrations.repository';
import { guardedLookup, isPrivateAddress, UrlRefused } from './ssrf';
import { webhookHeaders } from './webhook-signing';

// The webhook delivery worker (decisions 170, 224, 297). Every server process runs one: it keeps at most
// `concurrency` deliveries in flight, a vendor at most `vendorShare` of them (one more for an endpoint
// whose last attempt delivered) and an endpoint one in all processes, and claims (with a lease) the next
// due delivery as soon as a place is free, failing endpoints last — a slow receiver holds only its own
// place, never a round of other vendors' events nor its vendor's healthy endpoints. A 2xx answer
// delivers; anything else retries after base·2^(attempt-1) seconds (at most an hour) until 24 h after
// the event, then the row is failed; an address refused as private fails at once (no retry cures it).
// The first delivery given up in an endpoint's failure episode tells the merchant (a notification).
// Every attempt carries the event's one id, and ends at a total deadline (connect, headers and body).

export interface DeliveryOptions {
  pg: boolean;
  allowPrivate: boolean;
  retryBaseSeconds: number;
  pollMs: number;
  /** An attempt's total time: resolving, connecting, sending and the whole answer. */
  timeoutSeconds: number;
  /** Deliveries this process sends at once. */
  concurrency: number;
  log: { error(o: object, msg: string): void };
}

const MAX_DELAY_MS = 3600_000;
/** Bytes of a receiver's answer read at most: its status is what counts. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export const retryDelayMs = (attempt: number, baseSeconds: number) => Math.min(MAX_DELAY_MS, baseSeconds * 1000 * 2 ** Math.max(0, attempt - 1));

/** How many of a process's places one vendor may hold: a quarter, at least one (plus one for an endpoint that delivers). */
export const vendorShareOf = (concurrency: number) => Math.max(1, Math.floor(concurrency / 4));

/**
 * POSTs `body`; answers the HTTP status once the answer has ended or MAX_ANSWER_BYTES of it were read,
 * or throws (AnswerIncomplete, with the status when the answer's headers came). The whole attempt ends
 * at `deadlineMs`, however slowly a receiver trickles its answer.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, deadlineMs: number, allowPrivate: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return reject(new UrlRefused('private'));
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    let status: number | null = null;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      if (err) reject(err);
      else resolve(status ?? 0);
    };
    const req = send(
      u,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup: allowPrivate ? undefined : guardedLookup },
      (res) => {
        status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_ANSWER_BYTES) finish(null);
        });
        res.on('end', () => finish(null));
        // cut off before its end ('end' comes first when it did end)
        res.on('close', () => finish(new AnswerIncomplete('closed', status, deadlineMs / 1000)));
      },
    );
    const deadline = setTimeout(() => finish(new AnswerIncomplete('timeout', status, deadlineMs / 1000)), deadlineMs);
    req.on('error', (err) => finish(status === null ? err : new AnswerIncomplete('closed', status, deadlineMs / 1000)));
    req.end(body);
  });
}

async function deliverOne(db: DB, d: ClaimedDelivery, holder: string, o: DeliveryOptions) {
  const started = Date.now();
  const ep = await endpointForDelivery(db, d.endpoint_id);
  let statusCode: number | null = null;
  let failure: WebhookFailure | null = null;
  if (!ep || ep.removed_at) failure = { kind: 'removed' };
  else {
    try {
      statusCode = await postWebhook(ep.url, webhookHeaders(ep.secret, d.message_id, d.payload), d.payload, o.timeoutSeconds * 1000, o.allowPrivate);
      failure = failureOfStatus(statusCode);
    } catch (err) {
      if (err instanceof AnswerIncomplete) statusCode = err.status;
      failure = failureOfError(err);
    }
  }
  const error = failure && webhookFailureText(failure);
  const now = Date.now();
  const at = nowIso();
  const delivered = error === null;
  const nextAt = now + retryDelayMs(d.attempts, o.retryBaseSeconds);
  const status = delivered ? 'delivered' : (failure && webhookFailureIsFinal(failure)) || nextAt > d.retry_until ? 'failed' : 'pending';
  await db.transaction().execute(async (tx) => {
    const held = await finishAttempt(tx, { id: d.id, holder }, { status, statusCode, error, nextAt: status === 'pending' ? nextAt : now, durationMs: now - started, now: at });
    if (!held || !ep || ep.removed_at) return;
    await recordEndpointOutcome(tx, ep.id, at, error);
    if (status === 'failed' && error && (await markGaveUp(tx, ep.id, at))) {
      await emitDomainEvent(tx, { type: 'webhook.gave_up', vendorId: ep.vendor_id, endpointId: ep.id, url: ep.url, reason: error, at });
    }
  });
}

/** The lease of a claimed delivery: it outlasts one attempt, so a live worker finishes before anyone else may take it. */
const leaseMs = (o: DeliveryOptions) => o.timeoutSeconds * 2000 + 5000;

/**
 * The process's deliveries in flight. `fill` claims due deliveries one by one while a place is free,
 * passing over the vendors at their share (but for their endpoints that deliver, which have one place
 * more) and the endpoints with one in flight anywhere (an endpoint's events go one after another, in the
 * order they happened); each delivery frees its place when it ends.
 */
export function deliveryPool(db: DB, holder: string, o: DeliveryOptions) {
  const share = vendorShareOf(o.concurrency);
  const inFlight = new Map<number, { vendorId: number; endpointId: number; done: Promise<void> }>();
  let filling: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** Vendors at their share (only endpoints with a record of delivering may be claimed) and past it (none). */
  function limits() {
    const perVendor = new Map<number, number>();
    for (const d of inFlight.values()) perVendor.set(d.vendorId, (perVendor.get(d.vendorId) ?? 0) + 1);
    const at = (test: (n: number) => boolean) => [...perVendor].filter(([, n]) => test(n)).map(([v]) => v);
    return { fullVendors: at((n) => n > share), atShareVendors: at((n) => n === share), busyEndpoints: [...inFlight.values()].map((d) => d.endpointId) };
  }

  async function fillOnce() {
    while (!stopped && inFlight.size < o.concurrency) {
      const now = Date.now();
      const d = await claimDelivery(db, o.pg, holder, now, now + leaseMs(o), limits());
      if (!d) return;
      const done = deliverOne(db, d, holder, o)
        .catch((err) => o.log.error({ err }, 'webhook delivery failed'))
        .finally(() => {
          inFlight.delete(d.id);
          if (!stopped) void fill();
        });
      inFlight.set(d.id, { vendorId: d.vendor_id, endpointId: d.endpoint_id, done });
    }
  }

  /** Claims while places are free; a call during a fill makes it look once more when it ends. */
  function fill(): Promise<void> {
    if (filling) {
      again = true;
      return filling;
    }
    filling = (async () => {
      try {
        do {
          again = false;
          await fillOnce();
        } while (again && !stopped);
      } finally {
        filling = null;
      }
    })();
    return filling;
  }

  return {
    fill,
    inFlight: () => inFlight.size,
    /** Stops claiming and waits for what is in flight (each attempt ends at its deadline). */
    async stop() {
      stopped = true;
      await filling?.catch(() => undefined);
      await Promise.all([...inFlight.values()].map((d) => d.done));
    },
  };
}

/** Starts the worker; answers a stop function that waits for the deliveries in flight. */
export function startDeliveryWorker(db: DB, o: DeliveryOptions) {
  if (!o.pollMs) return async () => undefined;
  const holder = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const pool = deliveryPool(db, holder, o);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    try {
      await pool.fill();
    } catch (err) {
      if (!stopped) o.log.error({ err }, 'webhook delivery round failed');
    }
    if (!stopped) {
      timer = setTimeout(tick, o.pollMs);
      timer.unref();
    }
  };
  timer = setTimeout(tick, Math.random() * o.pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await pool.stop();
  };
}
