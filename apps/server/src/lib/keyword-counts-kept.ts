// What each process lately counted of a keyword over a vendor's orders or products, with the vendor's
// search revision it was counted at (decision 208; SQLite too since decision 213). The revision is the sum of the
// vendor's slots in order_search_revisions or product_search_revisions; every committed change of the
// rows a keyword searches raises it, and a later snapshot sees every change an earlier one saw, so one
// sum is one state of those rows. A count kept for the revision a statement reads again is that
// statement's count: nothing kept can be stale.

/** The lists whose keyword counts are kept. */
export type KeywordList = 'orders' | 'products';

/** A keyword's matches among the vendor's orders (or products), and how many it has, at a search revision. */
export interface KeptKeywordCount {
  rev: string;
  matches: number;
  inScope: number;
  /** Every match's id in list order, read in the same statement as the revision (decisions 210, 213). */
  ids?: Int32Array;
  /** Of a keyword of many matches, the first matches' ids in list order, read with the revision (decision 216). */
  lead?: Int32Array;
}

const idsIn = (k: KeptKeywordCount | undefined) => (k?.ids?.length ?? 0) + (k?.lead?.length ?? 0);

/** Counts kept at most (~100 bytes each), the least lately used leaving first. */
const MAX_ENTRIES = 10_000;
/** Ids kept at most, over all counts (16 MB). */
const MAX_IDS = 4_000_000;

const kept = new Map<string, KeptKeywordCount>();
let ids = 0;
const keyOf = (list: KeywordList, vendorId: number, keyword: string) => `${list}:${vendorId}:${keyword}`;

/** The keyword's count over the vendor's list as lately kept, at whatever revision it was counted. */
export function keptKeywordCount(list: KeywordList, vendorId: number, keyword: string): KeptKeywordCount | undefined {
  const key = keyOf(list, vendorId, keyword);
  const k = kept.get(key);
  if (k) {
    // Re-inserted last: the map's order is least lately used first.
    kept.delete(key);
    kept.set(key, k);
  }
  return k;
}

/** Keeps the keyword's count over the vendor's list at revision `count.rev`. */
export function keepKeywordCount(list: KeywordList, vendorId: number, keyword: string, count: KeptKeywordCount) {
  const key = keyOf(list, vendorId, keyword);
  forget(key);
  kept.set(key, count);
  ids += idsIn(count);
  while (kept.size > MAX_ENTRIES || ids > MAX_IDS) forget(kept.keys().next().value!);
}

function forget(key: string) {
  ids -= idsIn(kept.get(key));
  kept.delete(key);
}

/** Forgets every kept count, as a restart does (tests). */
export function forgetKeptKeywordCounts() {
  kept.clear();
  ids = 0;
}
