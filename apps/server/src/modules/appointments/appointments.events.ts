import type { Tx } from '../../db/database';
import { markReschedulesDone } from '../../lib/appointment-reschedules.repository';
import { onDomainEvent, type DomainEvent } from '../../lib/domain-events';
import { creditMissedStage } from '../../lib/timeliness-credit';

// What an order's moves do to its appointment side (issue 46), in the move's own transaction:
// - the console setting the appointment (again) answers the pending reschedule request;
// - a move that leaves a stage after its due time credits that stage (once, like the sweep does),
//   so a stage missed between two sweeps is credited too (decision 257).

async function onEvent(tx: Tx, e: DomainEvent) {
  if (e.type !== 'order.moved') return;
  if (e.transition === 'appointment' || e.transition === 'changeTime') await markReschedulesDone(tx, e.orderId, e.at);
  if (e.missed) await creditMissedStage(tx, e.orderId, e.missed.stage, e.missed.dueAt);
}

/** Registered once per process (the name replaces an earlier registration). */
export function listenForAppointments() {
  onDomainEvent('appointments', onEvent);
}
