import type { DB } from '../../db/database';
import { startLeasedJob } from '../../db/leased-job';
import { creditMissedStage } from '../../lib/timeliness-credit';
import { listCreditDue } from '../../lib/timeliness-credit.repository';

// The timeliness credit sweep (issue 46, decision 257): orders whose running stage is overdue and has
// a rule get their credit with no request arriving. Each order is credited in its own transaction;
// the unique index on (order_id, stage) makes overlapping sweeps — two processes, or a sweep and a
// move — pay once. A cancelled (or finished) order has no running stage: its clock has stopped.

export const CREDIT_BATCH = 100;

/** One round: answers how many credits it paid. */
export async function sweepCredits(db: DB, now = Date.now(), maxBatches = 20, batch = CREDIT_BATCH): Promise<number> {
  const at = new Date(now).toISOString();
  let paid = 0;
  let after: { dueAt: string; id: number } | undefined;
  for (let i = 0; i < maxBatches; i++) {
    // Each batch starts after the last order of the one before: an order whose credit comes to ¥0 (a
    // share of an order that cost nothing) stays listed, and must not hold back the orders after it.
    const due = await listCreditDue(db, at, batch, after);
    for (const o of due) {
      const fen = await db.transaction().execute((tx) => creditMissedStage(tx, o.id, o.sla_stage!, o.sla_due_at!));
      if (fen > 0) paid++;
    }
    if (due.length < batch) break;
    const last = due[due.length - 1]!;
    after = { dueAt: last.sla_due_at!, id: last.id };
  }
  return paid;
}

/** Every `seconds`, the process holding the 'timeliness-credit' lease sweeps (the pattern of the SLA sweep). */
export function startCreditSweeping(db: DB, seconds: number, log: { error(o: object, msg: string): void }) {
  return startLeasedJob(db, { name: 'timeliness-credit', seconds, firstMs: 1000, slackMs: 500, failure: 'timeliness credit sweep failed', work: () => sweepCredits(db) }, log);
}
