import { PAYMENT_TYPE } from '@portal/domain/enums';
import { INVOICE_MSG, INVOICE_STATUS, invoiceAmountChangedMsg } from '@portal/domain/statements';
import type { DB, Tx } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { fenToYuanText } from '@portal/domain/money';
import { onDomainEvent, type DomainEvent } from '../../lib/domain-events';
import { nowIso } from '../../lib/time';
import { openRecordsOfOrders, releaseItems } from './invoices.repository';
import {
  addItems, holdRequestIn, liveHoldersOfOrder, lockVendorBooks, netOfRequest, orderNoOf, refundedOrdersOfRequest, releaseItemsOfOrder, readRequest, updateRequest,
} from './invoice-refunds.repository';

// A cancelled and refunded order leaves the invoice that held its money (decision 291), in the
// refund's own transaction: an invoice is never for more than was paid net.

const parsed = (json: string) => JSON.parse(json) as string[];

/** Before issue: the order's records leave the request, and a request left with nothing is void. */
async function takeOut(tx: Tx, requestId: number, orderId: number, orderNo: string) {
  await releaseItemsOfOrder(tx, requestId, orderId);
  const r = await readRequest(tx, requestId);
  const net = await netOfRequest(tx, requestId);
  const removed = parsed(r.removed_order_nos);
  const set = {
    order_nos: JSON.stringify(parsed(r.order_nos).filter((no) => no !== orderNo)),
    removed_order_nos: JSON.stringify(removed.includes(orderNo) ? removed : [...removed, orderNo]),
    amount_fen: Math.max(0, net),
  };
  if (net > 0) return updateRequest(tx, requestId, set);
  // Whatever else it held is open again, as a rejection leaves it.
  await releaseItems(tx, requestId);
  await updateRequest(tx, requestId, { ...set, status: INVOICE_STATUS.void, reject_reason: INVOICE_MSG.voided, decided_at: nowIso() });
}

/** After issue: the refund (with the order's records no request holds) joins it, owed back by a red invoice. */
async function oweBack(tx: Tx, vendorId: number, requestId: number, orderId: number) {
  await addItems(tx, requestId, vendorId, await openRecordsOfOrders(tx, vendorId, [orderId]));
  const r = await readRequest(tx, requestId);
  await updateRequest(tx, requestId, { red_fen: Math.max(0, Number(r.amount_fen) - (await netOfRequest(tx, requestId))) });
}

/**
 * The order was cancelled and its money refunded: every request not yet issued lets it go; the issued
 * one holding most of it takes the refund, to be taken back by a red invoice. Idempotent.
 */
export async function settleRefundedOrder(tx: Tx, vendorId: number, orderId: number) {
  const holders = await liveHoldersOfOrder(tx, orderId);
  if (!holders.length) return;
  const orderNo = await orderNoOf(tx, orderId);
  const issued: typeof holders = [];
  for (const h of holders) {
    if (await holdRequestIn(tx, h.id, INVOICE_STATUS.requested)) await takeOut(tx, h.id, orderId, orderNo);
    else if (await holdRequestIn(tx, h.id, INVOICE_STATUS.issued)) issued.push(h);
  }
  // held is negative for charges: the smallest holds the most.
  const to = issued.sort((a, b) => a.held - b.held || a.id - b.id)[0];
  if (to) await oweBack(tx, vendorId, to.id, orderId);
}

/**
 * Issuing re-checks the request's money first: an order of it refunded without the rule above (a
 * request filed before it) is taken out the same way, in its own transaction.
 */
export async function recheckRequest(db: DB, r: { id: number; vendor_id: number; status: number }) {
  if (r.status !== INVOICE_STATUS.requested) return;
  await db.transaction().execute(async (tx) => {
    await lockVendorBooks(tx, r.vendor_id);
    for (const orderId of await refundedOrdersOfRequest(tx, r.vendor_id, r.id)) await settleRefundedOrder(tx, r.vendor_id, orderId);
  });
}

/** Why a request the operator means to issue or reject is not (or no longer) open to it. */
export async function notDecidable(db: DB | Tx, id: number) {
  const r = await readRequest(db, id);
  if (r.status === INVOICE_STATUS.void) return badRequest(INVOICE_MSG.voided);
  if (r.status === INVOICE_STATUS.requested) return badRequest(invoiceAmountChangedMsg(fenToYuanText(Number(r.amount_fen))));
  return badRequest(INVOICE_MSG.notRequested);
}

async function onEvent(tx: Tx, e: DomainEvent) {
  if (e.type === 'wallet.moved' && e.paymentType === PAYMENT_TYPE.orderRefund && e.orderId !== null) await settleRefundedOrder(tx, e.vendorId, e.orderId);
}

/** Registered once per process (the name replaces an earlier registration). */
export function listenForRefunds() {
  onDomainEvent('invoice-refunds', onEvent);
}
