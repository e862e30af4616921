// Lists (the orders' and products' keyword or filter lists) whose matches were lately counted past
// the total's bound (decision 186). Their next calls (the next pages, the same search again) answer
// "bound+" without counting again: counting 10,001 matches of a dense keyword is most of such a call's
// cost, and matches only fall by editing or deleting rows, so for a minute "more than the bound" stands.
const TTL_MS = 60_000;
const MAX_ENTRIES = 1000;

const until = new Map<string, number>();

/** A list's identity apart from its page: which list, the caller's scope and its filters. */
export const listKey = (list: string, vendorId: number, ownerId: number | null, f: { pageNum?: unknown; pageSize?: unknown }) => {
  const { pageNum: _n, pageSize: _s, ...filters } = f;
  return `${list}:${vendorId}:${ownerId ?? ''}:${JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
};

/** Whether this list's matches were counted past the bound in the last minute. */
export function boundedLately(key: string, now = Date.now()): boolean {
  const t = until.get(key);
  if (t === undefined) return false;
  if (t > now) return true;
  until.delete(key);
  return false;
}

/** Notes that this list's matches were counted past the bound. */
export function noteBounded(key: string, now = Date.now()) {
  until.delete(key); // re-inserted last: the map's order is oldest first
  until.set(key, now + TTL_MS);
  if (until.size > MAX_ENTRIES) until.delete(until.keys().next().value!);
}

/**
 * A list call's bounded total (decisions 132, 186): `pastBound` when the list was counted past
 * `bound` lately (its count is then skipped), `count` runs a count unless so, and `counted` turns a
 * count of up to bound + 1 into the answer's total and flag, noting a list that went past it.
 */
export function boundedTotal(key: string, bound: number) {
  const pastBound = boundedLately(key);
  return {
    pastBound,
    count: (run: () => Promise<number>) => (pastBound ? Promise.resolve(bound + 1) : run()),
    counted(n: number) {
      if (n > bound && !pastBound) noteBounded(key);
      return { total: Math.min(n, bound), bounded: n > bound };
    },
  };
}
