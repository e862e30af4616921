import { MSG } from '@portal/domain/messages';
import { fenToYuan } from '@portal/domain/money';
import { INVOICE_MSG, INVOICE_STATUS, invoiceOrdersEmptyMsg, invoiceOrdersTakenMsg, type InvoiceApplyBody, type InvoiceRow } from '@portal/domain/statements';
import type { z } from 'zod';
import type { invoiceApplyBody } from '@portal/domain/statements';
import type { DB, Tx } from '../../db/database';
import { badRequest, notFound } from '../../lib/errors';
import { lastMonths, monthBounds } from '../../lib/months';
import { ledgerOpeningMonth } from '../../lib/ledger-opening';
import { nowIso, toShanghai } from '../../lib/time';
import { newInvoiceNo } from '../../lib/order-numbers';
import { isUniqueViolation } from '../../lib/unique-violation';
import { findRequest, insertRequest, openRecordsMovedIn, openRecordsOfOrders, paidOrders, paidOrdersByNo, type InvoiceRequestRow } from './invoices.repository';
import { lockVendorBooks, ordersOnLiveRequests } from './invoice-refunds.repository';

/** A month can be invoiced once it has ended (Asia/Shanghai). */
const monthEnded = (month: string, now: string) => Date.parse(monthBounds(month).end) <= Date.parse(now);


/** Paid minus refunded, in fen, of records (expenses are negative, refunds positive). */
const amountOf = (records: { amount_fen: number }[]) => -records.reduce((s, r) => s + Number(r.amount_fen), 0);

/**
 * The open records of orders the request names. An order is never named on two live requests, and a
 * named order brings money: one whose money all came back (cancelled and refunded) is refused (decision 291).
 */
async function namedOrdersRecords(tx: Tx, vendorId: number, orders: { id: number; order_no: string }[]) {
  const taken = await ordersOnLiveRequests(tx, orders.map((o) => o.id));
  const numbers = (of: typeof orders) => of.map((o) => o.order_no).sort();
  if (taken.size) throw badRequest(invoiceOrdersTakenMsg(numbers(orders.filter((o) => taken.has(o.id)))));
  const records = await openRecordsOfOrders(tx, vendorId, orders.map((o) => o.id));
  const empty = orders.filter((o) => amountOf(records.filter((r) => Number(r.order_id) === o.id)) <= 0);
  if (empty.length) throw badRequest(invoiceOrdersEmptyMsg(numbers(empty)));
  return records;
}

/**
 * Who files: the vendor, the user, and — for a sub-account whose order data scope is 本人 — that user's
 * id: it invoices only orders it created, never a whole month of everyone's spend (decision 273).
 */
export interface InvoiceApplicant {
  vendorId: number;
  userId: number;
  ownerId: number | null;
}

export async function applyInvoice(db: DB, by: InvoiceApplicant, body: z.output<typeof invoiceApplyBody>) {
  const { vendorId, userId, ownerId } = by;
  const now = nowIso();
  if (ownerId !== null && body.months.length) throw badRequest(MSG.invoiceOwnOrdersOnly);
  if (body.months.some((m) => !monthEnded(m, now))) throw badRequest(INVOICE_MSG.monthNotClosed);
  const months = [...new Set(body.months)].sort();
  const orderNos = [...new Set(body.orderNos)];
  // Another user's order, for an "own" sub-account, answers as a missing one does (as every order route).
  const byNo = orderNos.length ? await paidOrdersByNo(db, vendorId, orderNos, ownerId) : [];
  if (byNo.length !== orderNos.length) throw badRequest(INVOICE_MSG.ordersNotFound);
  const orderIds = [...new Set([...body.orderIds, ...byNo.map((o) => o.id)])];
  try {
    return await db.transaction().execute(async (tx) => {
      // One vendor's applies and balance moves (a refund) take turns: what is read below stays true until commit.
      await lockVendorBooks(tx, vendorId);
      const orders = orderIds.length ? await paidOrders(tx, vendorId, orderIds, ownerId) : [];
      if (orders.length !== orderIds.length) throw badRequest(INVOICE_MSG.ordersNotFound);
      const byId = new Map<number, { id: number; amount_fen: number }>();
      for (const m of months) {
        const { start, end } = monthBounds(m);
        for (const r of await openRecordsMovedIn(tx, vendorId, start, end)) byId.set(r.id, r);
      }
      if (orderIds.length) for (const r of await namedOrdersRecords(tx, vendorId, orders)) byId.set(r.id, r);
      const records = [...byId.values()];
      const amountFen = amountOf(records);
      if (amountFen <= 0) throw badRequest(INVOICE_MSG.nothingInvoiceable);
      const id = await insertRequest(
        tx,
        {
          vendor_id: vendorId,
          invoice_no: newInvoiceNo(now),
          title: body.title,
          taxpayer_id: body.taxpayerId,
          invoice_type: body.invoiceType,
          email: body.email,
          bank_name: body.bankName,
          bank_account: body.bankAccount,
          registered_address: body.registeredAddress,
          registered_phone: body.registeredPhone,
          amount_fen: amountFen,
          months: JSON.stringify(months),
          order_nos: JSON.stringify(orders.map((o) => o.order_no).sort()),
          created_by: userId,
          created_at: now,
        },
        records,
      );
      return { id, amount: fenToYuan(amountFen) };
    });
  } catch (e) {
    // A parallel request took some of the same records first: the unique index refused ours whole.
    if (isUniqueViolation(e, 'invoice_items_live_record', 'invoice_items.record_id')) throw badRequest(INVOICE_MSG.alreadyInvoiced);
    throw e;
  }
}

/** The last 12 ended months with what is still open to invoicing in each. */
export async function invoiceableMonths(db: DB, vendorId: number) {
  const now = nowIso();
  const first = await ledgerOpeningMonth(db, vendorId);
  if (!first) throw notFound();
  const out: { month: string; amount: number }[] = [];
  for (const m of lastMonths(13, now).filter((x) => x >= first && monthEnded(x, now)).reverse()) {
    const { start, end } = monthBounds(m);
    out.push({ month: m, amount: fenToYuan(Math.max(0, amountOf(await openRecordsMovedIn(db, vendorId, start, end)))) });
  }
  return out;
}

/** A registered red invoice as stored in `red_invoices`. */
export interface RedInvoice {
  pdf: string;
  amountFen: number;
  at: string;
}

export function toInvoiceRow(r: InvoiceRequestRow): InvoiceRow {
  return {
    id: r.id,
    invoiceNo: r.invoice_no,
    title: r.title,
    taxpayerId: r.taxpayer_id,
    invoiceType: r.invoice_type,
    email: r.email,
    amount: fenToYuan(Number(r.amount_fen)),
    months: JSON.parse(r.months) as string[],
    orderNos: JSON.parse(r.order_nos) as string[],
    status: r.status,
    rejectReason: r.reject_reason,
    pdfUrl: r.status === INVOICE_STATUS.issued && r.pdf_path ? r.pdf_path : null,
    createdAt: toShanghai(r.created_at),
    decidedAt: r.decided_at ? toShanghai(r.decided_at) : null,
    removedOrderNos: JSON.parse(r.removed_order_nos) as string[],
    redAmount: fenToYuan(Number(r.red_fen)),
    redPending: fenToYuan(Number(r.red_fen) - Number(r.red_done_fen)),
    redInvoices: (JSON.parse(r.red_invoices) as RedInvoice[]).map((x) => ({ amount: fenToYuan(x.amountFen), pdfUrl: x.pdf, at: toShanghai(x.at) })),
  };
}

export async function requestOf(db: DB, id: number) {
  const r = await findRequest(db, id);
  if (!r) throw notFound();
  return r;
}

export type { InvoiceApplyBody };
