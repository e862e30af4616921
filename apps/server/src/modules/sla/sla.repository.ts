import { sql } from 'kysely';
import { SLA_BREACH_RELEVANCE } from '@portal/domain/notifications';
import { slaStageLabel, type SlaTargets } from '@portal/domain/sla';
import type { DB } from '../../db/database';
import { startLeasedJob } from '../../db/leased-job';
import { writeLog } from '../../lib/order-state-machine';
import { readSlaTargets, soonUntil } from '../../lib/order-sla';
import { nowIso, toShanghai } from '../../lib/time';
import { onPostgres } from '../../db/engine';

// Timeliness (issue 19, decisions 176–178): the targets, the counts the home shows, and the sweep
// that records breaches with no request arriving.

export const getTargets = (db: DB) => readSlaTargets(db);

export async function saveTargets(db: DB, t: SlaTargets, operator: string) {
  const now = nowIso();
  await db
    .insertInto('sla_targets')
    .values({ id: 1, targets: JSON.stringify(t), updated_by: operator, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ targets: JSON.stringify(t), updated_by: operator, updated_at: now }))
    .execute();
}

/** The vendor's (the caller's own under data scope "own") overdue and soon-due orders: two ranges of orders_sla_due. */
export async function slaCounts(db: DB, vendorId: number, ownerId: number | null) {
  const soonBefore = soonUntil(await readSlaTargets(db));
  const now = nowIso();
  let q = db.selectFrom('orders').where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  const [overdue, soon] = await Promise.all([
    q.where('sla_due_at', '<', now).select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow(),
    q.where('sla_due_at', '>=', now).where('sla_due_at', '<', soonBefore).select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow(),
  ]);
  return { overdue: Number(overdue.c), soon: Number(soon.c) };
}

export const SWEEP_BATCH = 200;

/**
 * One batch of the sweep: claims up to SWEEP_BATCH orders whose running stage is past due and not yet
 * recorded (sla_breached 0 → 1, a conditional UPDATE, so of several processes each order is claimed
 * by one), and in the same transaction writes the operation-log line — which raises the
 * notification — for each. Answers how many breaches it recorded.
 */
export async function sweepBatch(db: DB, now = Date.now()): Promise<number> {
  const pg = onPostgres(db);
  const lock = pg ? sql` for update skip locked` : sql``;
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (tx) => {
    const claimed = await sql<{ id: number; vendor_id: number; node: number; sla_stage: string; sla_due_at: string }>`update orders
      set sla_breached = 1, sla_breaches = sla_breaches + 1
      where id in (select id from orders where sla_due_at < ${at} and sla_breached = 0 order by sla_due_at limit ${SWEEP_BATCH}${lock})
        and sla_breached = 0 and sla_due_at < ${at}
      returning id, vendor_id, node, sla_stage, sla_due_at`.execute(tx);
    for (const o of claimed.rows) {
      await writeLog(tx, { id: o.id, vendor_id: o.vendor_id }, o.node, {
        operator: '系统',
        content: `订单${slaStageLabel(o.sla_stage)}已超时（应于 ${toShanghai(o.sla_due_at)} 前完成）`,
        relevanceType: SLA_BREACH_RELEVANCE,
      });
    }
    return claimed.rows.length;
  });
}

/** Sweeps until no breach is left unrecorded (bounded); answers how many it recorded. */
export async function sweepBreaches(db: DB, now = Date.now(), maxBatches = 50): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await sweepBatch(db, now);
    total += n;
    if (n < SWEEP_BATCH) break;
  }
  return total;
}

/**
 * Every `seconds`, the process holding the 'sla-sweep' lease sweeps (the pattern of db/purge.ts):
 * every server process calls this; the claim in sweepBatch keeps each breach recorded once even
 * when two sweeps overlap. Answers a stop function.
 */
export function startSweeping(db: DB, seconds: number, log: { error(o: object, msg: string): void }) {
  return startLeasedJob(db, { name: 'sla-sweep', seconds, firstMs: 1000, slackMs: 500, failure: 'SLA sweep failed', work: () => sweepBreaches(db) }, log);
}
