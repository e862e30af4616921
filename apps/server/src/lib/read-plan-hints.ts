// How many rows a filtered list matched when it was last counted, and how many were in its scope, by
// list (listKey). These figures only choose how the list's next page is read (decision 215), never what
// it answers: a stale one costs at most one slower read, and every call that counts again replaces it.
// With a figure at hand, a call reads its page and its count in one statement instead of two.
const MAX_ENTRIES = 1000;

/** A list's matches and the rows in its scope, as a call lately counted them. */
export interface PlanHint {
  matches: number;
  inScope: number;
}

const hints = new Map<string, PlanHint>();

/** What a call lately counted of this list, if any. */
export function planHint(key: string): PlanHint | undefined {
  const h = hints.get(key);
  if (h) {
    // Re-inserted last: the map's order is least lately used first.
    hints.delete(key);
    hints.set(key, h);
  }
  return h;
}

/** Notes what a call counted of this list. */
export function notePlanHint(key: string, matches: number, inScope: number) {
  hints.delete(key);
  hints.set(key, { matches, inScope });
  if (hints.size > MAX_ENTRIES) hints.delete(hints.keys().next().value!);
}
