import type { DB } from '../../db/database';
import { startLeasedJob } from '../../db/leased-job';
import { nowIso } from '../../lib/time';
import { dueFees } from './extra-fees.repository';
import { decideOnTimeout } from './extra-fees.service';

// The unanswered-request sweep (decision 251): every EXTRA_FEE_SWEEP_SECONDS the process holding the
// 'extra-fee-sweep' lease applies the merchant's timeout rule to each request whose time is up. Each
// request is decided by a conditional UPDATE in its own transaction, so overlapping sweeps (another
// process after a lease expired, a test calling it twice at once) decide it once.

export const SWEEP_BATCH = 100;

/** Decides every due request (bounded); answers how many this call decided. */
export async function sweepExtraFees(db: DB, maxBatches = 20): Promise<number> {
  let decided = 0;
  for (let i = 0; i < maxBatches; i++) {
    const due = await dueFees(db, nowIso(), SWEEP_BATCH);
    for (const f of due) if (await decideOnTimeout(db, f.id)) decided++;
    if (due.length < SWEEP_BATCH) break;
  }
  return decided;
}

export function startExtraFeeSweep(db: DB, seconds: number, log: { error(o: object, msg: string): void }) {
  return startLeasedJob(db, { name: 'extra-fee-sweep', seconds, firstMs: 1000, slackMs: 500, failure: 'extra fee sweep failed', work: () => sweepExtraFees(db) }, log);
}
