import { fromShanghai, toShanghai } from './time';

// Calendar months in Asia/Shanghai, as 'YYYY-MM', and their bounds as stored UTC ISO text.

export const monthOf = (iso: string) => toShanghai(iso).slice(0, 7);

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** [start, end) of a month as UTC ISO: Shanghai midnight of its first day and of the next month's. */
export function monthBounds(month: string): { start: string; end: string } {
  return { start: fromShanghai(`${month}-01`)!, end: fromShanghai(`${nextMonth(month)}-01`)! };
}

/** Months from `first` to `last` inclusive, newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = last; m >= first; m = previousMonth(m)) out.push(m);
  return out;
}

/** The last `n` months up to the month of `nowIso`, oldest first. */
export function lastMonths(n: number, nowIso: string): string[] {
  const out = [monthOf(nowIso)];
  while (out.length < n) out.unshift(previousMonth(out[0]!));
  return out;
}
