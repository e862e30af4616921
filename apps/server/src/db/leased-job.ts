import { randomBytes } from 'node:crypto';
import type { DB } from './database';

/**
 * Takes the lease on job `name` for `ms` when it is free or already ours: one atomic upsert, so of
 * several processes asking at once exactly one gets it.
 */
export async function takeLease(db: DB, name: string, holder: string, ms: number, now = Date.now()) {
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, until: now + ms })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: (eb) => eb.ref('excluded.holder'), until: (eb) => eb.ref('excluded.until') })
        .where((eb) => eb.or([eb('job_leases.until', '<=', now), eb('job_leases.holder', '=', holder)])),
    )
    .returning('name')
    .executeTakeFirst();
  return !!row;
}

export interface LeasedJob {
  /** The lease's name in job_leases. */
  name: string;
  seconds: number;
  /** The first round comes after `firstMs` plus a random part of it, so processes started together spread out. */
  firstMs: number;
  /** How much shorter than the period the lease is, so the next holder can take it on time. */
  slackMs: number;
  /** Logged when a round fails. */
  failure: string;
  work: () => Promise<unknown>;
}

/**
 * Every `seconds`, the process holding the job's lease runs a round (decision 120). Every server process
 * calls this; the lease makes one of them do the work each period, and a round never overlaps its own
 * previous one. Answers a stop function; `seconds` 0 never runs.
 */
export function startLeasedJob(db: DB, job: LeasedJob, log: { error(o: object, msg: string): void }) {
  if (!job.seconds) return () => undefined;
  const holder = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const everyMs = job.seconds * 1000;
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      if (await takeLease(db, job.name, holder, Math.max(everyMs - job.slackMs, everyMs / 2))) await job.work();
    } catch (err) {
      log.error({ err }, job.failure);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(round, job.firstMs + Math.random() * job.firstMs);
  const timer = setInterval(round, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
