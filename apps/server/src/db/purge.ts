import { sql } from 'kysely';
import type { DB } from './database';
import { startLeasedJob } from './leased-job';

/** Rows deleted by one statement: short write transactions, so requests never wait long behind a purge. */
export const PURGE_BATCH = 1000;
/** Statements per table per round: a round is bounded even when a table holds millions of dead rows. */
export const PURGE_MAX_STEPS = 100;
const DAY_MS = 24 * 3600_000;

interface Target {
  table: string;
  /** The row's key: a column, or the columns of a composite primary key. */
  key: string | string[];
  column: string;
  /** Rows whose `column` is below this are dead. */
  cutoff: (now: number) => string | number;
}

/**
 * What is dead (decision 120), each deleted through an index on its column. SMS codes and outbox rows
 * stay a day, so the development outbox shows the recent texts. Idempotency keys answer repeats for
 * 24 h (decision 129). A phone's send counter is dead a day after its last send (its interval and its
 * day are over); a login-failure counter a day after its last failure (a claim restarts it after the
 * 15-minute window anyway, decision 113).
 */
export const PURGE_TARGETS: Target[] = [
  { table: 'captchas', key: 'uuid', column: 'expires_at', cutoff: (now) => new Date(now).toISOString() },
  // A signed write's signature, once its timestamp is out of the window (decision 225).
  { table: 'signature_uses', key: 'signature', column: 'expires_at', cutoff: (now) => new Date(now).toISOString() },
  { table: 'sessions', key: 'id', column: 'expires_at', cutoff: (now) => new Date(now).toISOString() },
  { table: 'sms_codes', key: 'id', column: 'expires_at', cutoff: (now) => new Date(now - DAY_MS).toISOString() },
  { table: 'sms_outbox', key: 'id', column: 'created_at', cutoff: (now) => new Date(now - DAY_MS).toISOString() },
  { table: 'rate_limits', key: 'key', column: 'reset_at', cutoff: (now) => now },
  { table: 'idempotency_keys', key: 'id', column: 'created_at', cutoff: (now) => new Date(now - DAY_MS).toISOString() },
  { table: 'sms_send_limits', key: 'phone', column: 'last_sent_at', cutoff: (now) => new Date(now - DAY_MS).toISOString() },
  { table: 'login_failures', key: ['subject', 'source'], column: 'last_at', cutoff: (now) => new Date(now - DAY_MS).toISOString() },
  // Webhook outbox (decision 170): delivered and failed rows, and their attempts, stay 30 days for the log.
  { table: 'webhook_deliveries', key: 'id', column: 'done_at', cutoff: (now) => new Date(now - 30 * DAY_MS).toISOString() },
  { table: 'webhook_attempts', key: 'id', column: 'created_at', cutoff: (now) => new Date(now - 30 * DAY_MS).toISOString() },
  // Notification stream tickets live a minute (a used one is deleted at once); sent notification SMS texts stay a day (issue 19).
  { table: 'stream_tickets', key: 'ticket_hash', column: 'expires_at', cutoff: (now) => new Date(now).toISOString() },
  { table: 'notification_sms', key: 'id', column: 'sent_at', cutoff: (now) => new Date(now - DAY_MS).toISOString() },
];

/**
 * Deletes at most PURGE_BATCH dead rows of one table in one statement. On PostgreSQL the rows are
 * locked with SKIP LOCKED, so two processes purging at once take different rows and never wait.
 */
export async function purgeStep(db: DB, t: Target, pg: boolean, now = Date.now()) {
  const lock = pg ? sql` for update skip locked` : sql``;
  const columns = sql.join((Array.isArray(t.key) ? t.key : [t.key]).map((k) => sql.ref(k)));
  const r = await sql`delete from ${sql.table(t.table)} where (${columns}) in (
      select ${columns} from ${sql.table(t.table)} where ${sql.ref(t.column)} < ${t.cutoff(now)} limit ${PURGE_BATCH}${lock})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** One round over every table, at most PURGE_MAX_STEPS batches each; answers rows deleted per table. */
export async function purgeExpired(db: DB, pg: boolean, now = Date.now()) {
  const deleted: Record<string, number> = {};
  for (const t of PURGE_TARGETS) {
    let total = 0;
    for (let step = 0; step < PURGE_MAX_STEPS; step++) {
      const n = await purgeStep(db, t, pg, now);
      total += n;
      if (n < PURGE_BATCH) break;
      await new Promise((r) => setImmediate(r));
    }
    deleted[t.table] = total;
  }
  return deleted;
}

/**
 * Every `seconds`, the process holding the 'purge' lease runs a round (decision 120). Every server
 * process calls this; the lease makes one of them do the work each period. Answers a stop function.
 */
export function startPurging(db: DB, pg: boolean, seconds: number, log: { error(o: object, msg: string): void }) {
  return startLeasedJob(db, { name: 'purge', seconds, firstMs: 5000, slackMs: 1000, failure: 'purge of expired rows failed', work: () => purgeExpired(db, pg) }, log);
}
