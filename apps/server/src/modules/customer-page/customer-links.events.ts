import type { Tx } from '../../db/database';
import { onDomainEvent, type DomainEvent } from '../../lib/domain-events';
import { insertLinkIfNone, setLinkEnds } from './customer-links.repository';
import { insertVisitCodeIfNone } from './visit-codes.repository';
import { newVisitCode } from './link-tokens';

// What an order's moves do to its customer side (issue 47), in the move's own transaction:
// - the first dispatch makes the link (its SMS is sent after commit, link-sender.ts) and the visit code;
// - completing or cancelling starts the link's 30 days; after-sales stops them again.
// (The console setting the appointment again answers the customer's pending reschedule request:
// modules/appointments, decision 268.)
// Every other move costs a few comparisons here.

async function onEvent(tx: Tx, e: DomainEvent) {
  if (e.type !== 'order.moved') return;
  if (e.transition === 'dispatch') {
    await insertLinkIfNone(tx, { order_id: e.orderId, vendor_id: e.vendorId, created_at: e.at });
    await insertVisitCodeIfNone(tx, { order_id: e.orderId, vendor_id: e.vendorId, code: newVisitCode(), created_at: e.at });
    return;
  }
  if (e.status === 700 || e.status === 800) await setLinkEnds(tx, e.orderId, e.at);
  else if (e.status === 900) await setLinkEnds(tx, e.orderId, null);
}

/** Registered once per process (the name replaces an earlier registration). */
export function listenForCustomerLinks() {
  onDomainEvent('customer-links', onEvent);
}
