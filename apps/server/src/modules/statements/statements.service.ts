import { fenToYuan } from '@portal/domain/money';
import { paymentType } from '@portal/domain/enums';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { STATEMENT_EXPENSE_TYPES, STATEMENT_INCOME_TYPES, STATEMENT_MSG, type StatementDetail, type StatementLine, type StatementMonth } from '@portal/domain/statements';
import type { DB } from '../../db/database';
import { inOneSnapshot } from '../../db/one-snapshot';
import { badRequest, notFound } from '../../lib/errors';
import { monthBounds, monthOf, monthsBetween } from '../../lib/months';
import { nowIso } from '../../lib/time';
import { ledgerBalanceBefore, movedTotals, ordersPaidIn, storedMonth, storedMonths, storeMonth } from './statements.repository';
import { ledgerOpeningMonth } from '../../lib/ledger-opening';

/**
 * A month is frozen a few minutes after it ends (Asia/Shanghai), not at the stroke of midnight: a
 * payment whose time was taken at 23:59:59.999 may commit a moment later, and the frozen figures
 * must include it (decision 180).
 */
export const CLOSE_GRACE_MS = 5 * 60 * 1000;

export const isClosed = (month: string, now: string) => Date.parse(now) >= Date.parse(monthBounds(month).end) + CLOSE_GRACE_MS;

function linesOf(totals: Awaited<ReturnType<typeof movedTotals>>, income: boolean, order: readonly number[]): StatementLine[] {
  const byType = new Map<number, { fen: number; count: number }>();
  for (const t of totals) {
    if (t.income !== income) continue;
    const cur = byType.get(t.paymentType) ?? { fen: 0, count: 0 };
    byType.set(t.paymentType, { fen: cur.fen + Math.abs(t.totalFen), count: cur.count + t.count });
  }
  const types = [...order, ...[...byType.keys()].filter((k) => !order.includes(k)).sort((a, b) => a - b)];
  return types.map((t) => ({ paymentType: t, name: paymentType.label(t) || String(t), amount: fenToYuan(byType.get(t)?.fen ?? 0), count: byType.get(t)?.count ?? 0 }));
}

/** The month's figures from the ledger. */
export async function computeMonth(db: DB, vendorId: number, month: string, now: string): Promise<StatementDetail> {
  const { start, end } = monthBounds(month);
  // one snapshot: a payment while the month is read must not make it look unbalanced (decision 283)
  const [totals, ordersPaid, openingFen, ledgerClosingFen] = await inOneSnapshot(db, async (one) => [
    await movedTotals(one, vendorId, start, end),
    await ordersPaidIn(one, vendorId, start, end),
    await ledgerBalanceBefore(one, vendorId, start),
    await ledgerBalanceBefore(one, vendorId, end),
  ] as const);
  const incomeFen = totals.filter((t) => t.income).reduce((s, t) => s + Math.abs(t.totalFen), 0);
  const expenseFen = totals.filter((t) => !t.income).reduce((s, t) => s + Math.abs(t.totalFen), 0);
  const backFen = totals
    .filter((t) => t.income && (t.paymentType === PAYMENT_TYPE.orderCompensation || t.paymentType === PAYMENT_TYPE.orderRefund || t.paymentType === PAYMENT_TYPE.timelinessCredit))
    .reduce((s, t) => s + t.totalFen, 0);
  return {
    month,
    closed: isClosed(month, now),
    openingBalance: fenToYuan(openingFen),
    income: fenToYuan(incomeFen),
    expense: fenToYuan(expenseFen),
    closingBalance: fenToYuan(ledgerClosingFen),
    compensationAndRefunds: fenToYuan(backFen),
    ordersPaid,
    balanced: openingFen + incomeFen - expenseFen === ledgerClosingFen,
    incomeLines: linesOf(totals, true, STATEMENT_INCOME_TYPES),
    expenseLines: linesOf(totals, false, STATEMENT_EXPENSE_TYPES),
  };
}

async function openedMonth(db: DB, vendorId: number): Promise<string> {
  const month = await ledgerOpeningMonth(db, vendorId);
  if (!month) throw notFound();
  return month;
}

/** A closed month answers its frozen figures, computing and freezing them on first view. */
async function monthFigures(db: DB, vendorId: number, month: string, now: string, stored?: StatementDetail): Promise<StatementDetail> {
  if (!isClosed(month, now)) return computeMonth(db, vendorId, month, now);
  const frozen = stored ?? (await storedMonth(db, vendorId, month));
  if (frozen) return frozen;
  await storeMonth(db, vendorId, await computeMonth(db, vendorId, month, now), now);
  return (await storedMonth(db, vendorId, month))!;
}

export async function statementDetail(db: DB, vendorId: number, month: string): Promise<StatementDetail> {
  const now = nowIso();
  if (month < (await openedMonth(db, vendorId)) || month > monthOf(now)) throw badRequest(STATEMENT_MSG.monthNotOpen);
  return monthFigures(db, vendorId, month, now);
}

/** Every month since the account opened, newest first. */
export async function statementList(db: DB, vendorId: number): Promise<StatementMonth[]> {
  const now = nowIso();
  const months = monthsBetween(await openedMonth(db, vendorId), monthOf(now));
  const stored = await storedMonths(db, vendorId);
  const out: StatementMonth[] = [];
  for (const m of months) {
    const { incomeLines: _i, expenseLines: _e, ...summary } = await monthFigures(db, vendorId, m, now, stored.get(m));
    out.push(summary);
  }
  return out;
}
