import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MSG, IDEMPOTENCY_REPLAYED_HEADER, IDEMPOTENCY_TTL_MS } from '@portal/domain/idempotency';
import { badRequest } from '../lib/errors';
import { isoIn, nowIso } from '../lib/time';
import { claimKey, dropExpiredKey, findKey, releaseKey, storeAnswer, takeOverClaim, type KeyRef } from './idempotency.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: a signed-in caller's Idempotency-Key header makes a repeat replay the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotency_keys row this request claimed and must answer into (or release). */
    idempotencyClaim: number | null;
  }
}

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request's answer before answering 请求处理中. */
  waitMs?: number;
  pollMs?: number;
  /** A claim not answered within this is taken to belong to a dead process and may be taken over. */
  leaseMs?: number;
}

/** Who owns the key: the vendor (all of its users) or the operator. Null: no session, no idempotency. */
function scopeOf(req: FastifyRequest): string | null {
  const p = req.principal;
  if (!p) return null;
  return p.kind === 'vendor' ? `v${p.vendorId}` : `p${p.operatorId}`;
}

const fingerprintOf = (req: FastifyRequest) => createHash('sha256').update(`${req.method} ${req.url}\n${req.rawBody}`).digest('hex');

function replay(reply: FastifyReply, row: { status_code: number | null; content_type: string | null; body: string | null }) {
  if (row.content_type) reply.header('content-type', row.content_type);
  return reply.code(row.status_code!).header(IDEMPOTENCY_REPLAYED_HEADER, 'true').send(row.body ?? '');
}

/**
 * Idempotency-Key for routes declaring `config: { idempotent: true }` (decisions 127–129).
 * The first request with a key claims it by an insert under the unique (scope, key); its answer
 * (success or business refusal) is stored and replayed to every repeat for 24 hours; a server error
 * gives the key back. A repeat with another path or body is refused; a repeat that arrives while
 * the first still runs waits for its answer, briefly. Without the header a route behaves as before.
 * Register after the signature check and auth (it needs the principal) and before compression.
 */
export function registerIdempotency(app: FastifyInstance, opts: IdempotencyOptions = {}) {
  const waitMs = opts.waitMs ?? 5000;
  const pollMs = opts.pollMs ?? 50;
  const leaseMs = opts.leaseMs ?? 120_000;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config?.idempotent) return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const scope = scopeOf(req);
    if (!scope) return;
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw badRequest(IDEMPOTENCY_MSG.badKey);
    const ref: KeyRef = { scope, key: header };
    const fingerprint = fingerprintOf(req);
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = nowIso();
      const claimed = await claimKey(app.db, ref, fingerprint, now);
      if (claimed !== null) {
        req.idempotencyClaim = claimed;
        return;
      }
      const row = await findKey(app.db, ref);
      if (row && row.created_at < isoIn(-IDEMPOTENCY_TTL_MS)) {
        await dropExpiredKey(app.db, row.id, row.created_at);
        continue;
      }
      if (row && row.fingerprint !== fingerprint) throw badRequest(IDEMPOTENCY_MSG.keyReused);
      if (row && row.status_code !== null) return replay(reply, row);
      if (row && row.locked_at < isoIn(-leaseMs) && (await takeOverClaim(app.db, row.id, row.locked_at, now))) {
        req.idempotencyClaim = row.id;
        return;
      }
      // Still running elsewhere (or given back a moment ago: then the next claim wins).
      if (Date.now() >= deadline) throw badRequest(IDEMPOTENCY_MSG.inProgress);
      if (row) await sleep(pollMs);
    }
  });

  // Before compression (registered later), so the stored answer is the plain text.
  app.addHook('onSend', async (req, reply, payload) => {
    const id = req.idempotencyClaim;
    if (id === null) return payload;
    req.idempotencyClaim = null;
    const contentType = String(reply.getHeader('content-type') ?? '');
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) && /json|text/.test(contentType) ? payload.toString('utf8') : null;
    try {
      if (reply.statusCode >= 500 || text === null) await releaseKey(app.db, id);
      else await storeAnswer(app.db, id, reply.statusCode, contentType, text);
    } catch (err) {
      // The answer still goes out; the claim stays until its lease ends.
      req.log.error({ err }, 'idempotency store failed');
    }
    return payload;
  });
}
