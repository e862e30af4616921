import { CUSTOMER_CASE_SOURCE } from '@portal/domain/customer-page';
import type { Tx } from '../../db/database';
import { onDomainEvent, type DomainEvent } from '../../lib/domain-events';
import { clearLinkEnds, insertLinkIfNone, relinkForNewPhone, setLinkEndsIfRunning } from './customer-links.repository';
import { findOpenCase } from './customer-view.repository';
import { insertVisitCodeIfNone } from './visit-codes.repository';
import { newVisitCode } from './link-tokens';

// What an order's moves do to its customer side (issue 47), in the move's own transaction:
// - the first dispatch makes the link (its SMS is sent after commit, link-sender.ts) and the visit code;
// - a new phone (修改客户信息) kills the link texted to the old one; the sender texts the new one (decision 293);
// - completing or cancelling starts the link's 30 days; the customer's own problem (decision 278) stops
//   them until it is decided. A merchant's 赔偿/售后 case is not the customer's business: it neither
//   revives an expired link nor starts the 30 days again when it ends (decision 293).
// (The console setting the appointment again answers the customer's pending reschedule request:
// modules/appointments, decision 268.)
// A move into 售后 reads its case; every other move costs a few comparisons here.

async function onEvent(tx: Tx, e: DomainEvent) {
  if (e.type === 'order.phone_changed') return relinkForNewPhone(tx, e.orderId, e.at, newVisitCode());
  if (e.type !== 'order.moved') return;
  if (e.transition === 'dispatch') {
    await insertLinkIfNone(tx, { order_id: e.orderId, vendor_id: e.vendorId, created_at: e.at });
    await insertVisitCodeIfNone(tx, { order_id: e.orderId, vendor_id: e.vendorId, code: newVisitCode(), created_at: e.at });
    return;
  }
  if (e.status === 700 || e.status === 800) await setLinkEndsIfRunning(tx, e.orderId, e.at);
  else if (e.status === 900 && (await findOpenCase(tx, e.orderId))?.source === CUSTOMER_CASE_SOURCE) await clearLinkEnds(tx, e.orderId);
}

/** Registered once per process (the name replaces an earlier registration). */
export function listenForCustomerLinks() {
  onDomainEvent('customer-links', onEvent);
}
