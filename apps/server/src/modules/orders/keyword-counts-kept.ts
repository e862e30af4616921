// PostgreSQL: what each process lately counted of a keyword over a vendor's search rows, with the
// vendor's search revision it was counted at (decision 208). The revision is the sum of the vendor's
// order_search_revisions slots; every committed change of its search rows raises it, and a later
// snapshot sees every change an earlier one saw, so one sum is one state of the rows. A count kept
// for the revision a statement reads again is that statement's count: nothing kept can be stale.

/** A keyword's matches among the vendor's orders, and the vendor's orders, at a search revision. */
export interface KeptKeywordCount {
  rev: string;
  matches: number;
  orders: number;
}

/** Counts kept at most (~100 bytes each), the least lately used leaving first. */
const MAX_ENTRIES = 10_000;

const kept = new Map<string, KeptKeywordCount>();
const keyOf = (vendorId: number, keyword: string) => `${vendorId}:${keyword}`;

/** The keyword's count over the vendor's search rows as lately kept, at whatever revision it was counted. */
export function keptKeywordCount(vendorId: number, keyword: string): KeptKeywordCount | undefined {
  const key = keyOf(vendorId, keyword);
  const k = kept.get(key);
  if (k) {
    // Re-inserted last: the map's order is least lately used first.
    kept.delete(key);
    kept.set(key, k);
  }
  return k;
}

/** Keeps the keyword's count over the vendor's search rows at revision `rev`. */
export function keepKeywordCount(vendorId: number, keyword: string, count: KeptKeywordCount) {
  const key = keyOf(vendorId, keyword);
  kept.delete(key);
  kept.set(key, count);
  if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
}

/** Forgets every kept count, as a restart does (tests). */
export function forgetKeptKeywordCounts() {
  kept.clear();
}
