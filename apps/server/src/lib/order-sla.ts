import { DEFAULT_SLA_TARGETS, URGENT_WINDOW_HOURS, slaStageLabel, slaStageOf, type OrderSla, type SlaStage, type SlaTargets } from '@portal/domain/sla';
import type { DB, Tx } from '../db/database';
import { findSlaSettings, findSlaTargetsRow } from './order-sla.repository';
import { toShanghai } from './time';

// Order timeliness columns (issue 19, decision 176). The state machine sets them in the same UPDATE
// that moves the order; the targets are read from the one-row sla_targets table by each move (no
// process keeps a copy another process could change, decision 230).

const HOUR = 3600_000;
const MINUTE = 60_000;
export async function readSlaTargets(db: DB | Tx): Promise<SlaTargets> {
  return targetsOf((await findSlaTargetsRow(db))?.targets);
}

function targetsOf(json: string | undefined): SlaTargets {
  if (!json) return DEFAULT_SLA_TARGETS;
  try {
    return { ...DEFAULT_SLA_TARGETS, ...(JSON.parse(json) as Partial<SlaTargets>) };
  } catch {
    return DEFAULT_SLA_TARGETS;
  }
}

export interface SlaColumns {
  sla_stage: string | null;
  sla_due_at: string | null;
  sla_breached: number;
  /** when the running stage's due time was set (decision 289): a due time at or before it was never a promise */
  sla_set_at: string | null;
}

/** What a move's SLA looks at of the order before it. */
export type SlaBefore = Partial<SlaColumns> & { pay_time?: string | null };

/** What the SLA of an order depends on. */
export interface SlaInput {
  status: number;
  urgent_flag: number;
  urgent_type: number | null;
  pay_time: string | null;
  door_time: string | null;
  /** the appointment window's end (issue 46): the master is due on site by then */
  door_time_end?: string | null;
  service_type?: number;
}

const at = (ms: number) => new Date(ms).toISOString();
const msOf = (iso: string | null | undefined, fallback: number) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? fallback : t;
};

const urgentHoursOf = (next: SlaInput) => (next.urgent_flag === 1 ? URGENT_WINDOW_HOURS[next.urgent_type ?? 0] : undefined);
const stageOf = (next: SlaInput): SlaStage | null => slaStageOf(next.status, urgentHoursOf(next) !== undefined);

/**
 * The SLA columns after a move to `next` from `prev` (null: a new order). A stage that goes on keeps
 * its due time and breach mark; a new stage starts its clock now (acceptance from payment; check-in
 * at the appointment window's end, which a changed appointment moves). An urgent stage runs its window
 * from when it starts: the payment that starts it, or now — 加急 bought after payment, or 完工审核驳回
 * sending an urgent order back to work (decision 289). No stage: all cleared.
 */
export function nextSla(prev: SlaBefore | null, next: SlaInput, nowMs: number, targets: SlaTargets): SlaColumns {
  const stage = stageOf(next);
  if (!stage) return { sla_stage: null, sla_due_at: null, sla_breached: 0, sla_set_at: null };
  const same = prev?.sla_stage === stage;
  const { due, breached } = dueOf(stage, prev, same, next, nowMs, targets);
  // The due time's own start: kept while the stage goes on with it, now when it starts or moves.
  const setAt = same && prev?.sla_due_at === due ? (prev.sla_set_at ?? null) : at(nowMs);
  return { sla_stage: stage, sla_due_at: due, sla_breached: breached, sla_set_at: setAt };
}

/** The due time of `stage` and its breach mark; `same`: `prev` ran this stage, which goes on. */
function dueOf(stage: SlaStage, prev: SlaBefore | null, same: boolean, next: SlaInput, nowMs: number, targets: SlaTargets): { due: string; breached: number } {
  const kept = same && prev?.sla_due_at ? prev.sla_due_at : undefined;
  const breached = same ? (prev?.sla_breached ?? 0) : 0;
  switch (stage) {
    case 'urgent': {
      if (kept) return { due: kept, breached };
      const paying = !!next.pay_time && next.pay_time !== prev?.pay_time;
      return { due: at((paying ? msOf(next.pay_time, nowMs) : nowMs) + urgentHoursOf(next)! * HOUR), breached: 0 };
    }
    case 'checkIn':
      // The window's end (issue 46, decision 255); an appointment made before windows: its time.
      return { due: at(msOf(next.door_time_end ?? next.door_time, nowMs) + targets.checkInGraceMinutes * MINUTE), breached };
    default: {
      if (kept) return { due: kept, breached };
      const hours = stage === 'accept' ? targets.acceptHours : stage === 'appointment' ? targets.appointmentHours : targets.completionHours;
      const from = stage === 'accept' ? msOf(next.pay_time, nowMs) : nowMs;
      return { due: at(from + hours * HOUR), breached: 0 };
    }
  }
}

/**
 * Whether a stage's due time was a promise: it was set before it fell due. One due at or before its own
 * start (a window that had already ended when the console entered it) never was, and is never
 * credited (decision 289). Rows from before the column: yes.
 */
export const wasPromised = (c: { sla_due_at: string; sla_set_at?: string | null }) => !c.sla_set_at || c.sla_due_at > c.sla_set_at;

/**
 * The stage `prev` ran that this change leaves, or whose due time it moves, after that time had passed
 * and when it was a promise: its credit is due now, whether or not a sweep came first (decision 257).
 */
export function missedStage(prev: SlaBefore, next: SlaColumns, now: string): { stage: string; dueAt: string } | undefined {
  const { sla_stage: stage, sla_due_at: dueAt } = prev;
  if (!stage || !dueAt || dueAt >= now || !wasPromised({ sla_due_at: dueAt, sla_set_at: prev.sla_set_at })) return undefined;
  if (next.sla_stage === stage && next.sla_due_at === dueAt) return undefined;
  return { stage, dueAt };
}

/**
 * The targets with the promises of the service type's credit rules in place of the platform-wide
 * ones (issue 46, decision 258): a rule's promise is what the platform holds itself to for that stage.
 */
export function withPromises(targets: SlaTargets, promises: ReadonlyArray<{ stage: string; promise_hours: number | null }>): SlaTargets {
  const t = { ...targets };
  for (const p of promises) {
    if (p.promise_hours === null) continue;
    const h = Number(p.promise_hours);
    if (p.stage === 'accept') t.acceptHours = h;
    else if (p.stage === 'appointment') t.appointmentHours = h;
    else if (p.stage === 'completion') t.completionHours = h;
    else if (p.stage === 'checkIn') t.checkInGraceMinutes = h * 60;
  }
  return t;
}

/**
 * The columns for a move of `o` to `next`, with the targets (and the service type's promises) read by
 * this move in one statement; a move to no stage, or to the urgent window, reads none.
 */
export async function slaOnMove(tx: Tx, prev: SlaBefore | null, next: SlaInput): Promise<SlaColumns> {
  const now = Date.now();
  const stage = stageOf(next);
  if (!stage || stage === 'urgent') return nextSla(prev, next, now, DEFAULT_SLA_TARGETS);
  if (next.service_type === undefined) return nextSla(prev, next, now, await readSlaTargets(tx));
  const { targets, promises } = await findSlaSettings(tx, next.service_type);
  return nextSla(prev, next, now, withPromises(targetsOf(targets), promises));
}

/** `sla` of an order answer from its stored columns. */
export function slaAnswer(o: { sla_stage: string | null; sla_due_at: string | null; sla_breaches?: number | null }, nowMs = Date.now()): OrderSla {
  return {
    stage: (o.sla_stage as SlaStage | null) ?? null,
    stageName: slaStageLabel(o.sla_stage),
    dueAt: toShanghai(o.sla_due_at),
    overdue: !!o.sla_due_at && Date.parse(o.sla_due_at) < nowMs,
    breaches: Number(o.sla_breaches ?? 0),
  };
}

/** The end of the 即将超时 window from now under these targets. */
export function soonUntil(targets: SlaTargets, nowMs = Date.now()): string {
  return new Date(nowMs + targets.soonMinutes * MINUTE).toISOString();
}
