// Lists (the orders' and products' keyword or filter lists) whose matches were lately counted past
// the total's bound (decision 186). Their next calls (the next pages, the same search again) answer
// "bound+" without counting again: counting 10,001 matches of a dense keyword is most of such a call's
// cost, and matches only fall by editing or deleting rows, so for a minute "more than the bound" stands.
const TTL_MS = 60_000;
const MAX_ENTRIES = 1000;

// With the mark, the rows in the list's scope as the call that went past the bound read them: a product
// list past the bound needs them only to choose how its page is read (decision 214), so a figure up to a
// minute old serves, and the call needs no statement for them.
const until = new Map<string, { until: number; inScope?: number }>();

/** A list's identity apart from its page: which list, the caller's scope and its filters. */
export const listKey = (list: string, vendorId: number, ownerId: number | null, f: { pageNum?: unknown; pageSize?: unknown }) => {
  const { pageNum: _n, pageSize: _s, ...filters } = f;
  return `${list}:${vendorId}:${ownerId ?? ''}:${JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
};

/** Whether this list's matches were counted past the bound in the last minute. */
export function boundedLately(key: string, now = Date.now()): boolean {
  const t = until.get(key)?.until;
  if (t === undefined) return false;
  if (t > now) return true;
  until.delete(key);
  return false;
}

/** Notes that this list's matches were counted past the bound, with the rows in its scope when known. */
export function noteBounded(key: string, now = Date.now(), inScope?: number) {
  until.delete(key); // re-inserted last: the map's order is oldest first
  until.set(key, { until: now + TTL_MS, ...(inScope === undefined ? {} : { inScope }) });
  if (until.size > MAX_ENTRIES) until.delete(until.keys().next().value!);
}

/**
 * A list call's bounded total (decisions 132, 186): `pastBound` when the list was counted past
 * `bound` lately (its count is then skipped), with `inScope` as noted then (decision 214), `count` runs
 * a count unless so, and `counted` turns a count of up to bound + 1 into the answer's total and flag,
 * noting a list that went past it (with the rows in its scope, when the call read them).
 */
export function boundedTotal(key: string, bound: number) {
  const pastBound = boundedLately(key);
  return {
    pastBound,
    inScope: pastBound ? until.get(key)?.inScope : undefined,
    count: (run: () => Promise<number>) => (pastBound ? Promise.resolve(bound + 1) : run()),
    counted(n: number, inScope?: number) {
      if (n > bound && !pastBound) noteBounded(key, Date.now(), inScope);
      return { total: Math.min(n, bound), bounded: n > bound };
    },
  };
}
