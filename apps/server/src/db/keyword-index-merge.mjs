// SQLite's keyword index (order_grams, decision 103) gains a segment with every write transaction, and a
// lookup pays for every segment (decision 111). Merging them is FTS5's own incremental 'merge' command:
// each call does a bounded amount of work in its own transaction and says, by the rows it changed,
// whether any is left. Plain JavaScript: it also runs on the merge thread, which has no TypeScript loader.
import { setTimeout as sleep } from 'node:timers/promises';

/** FTS5 merges two segments of the same level (its default waits for four). */
const USER_MERGE = 2;

export function keywordIndexSegments(sqlite) {
  return sqlite.prepare('select count(distinct segid) as n from order_grams_idx').get().n;
}

export async function mergeKeywordIndex(sqlite, { pagesPerStep = 64, pauseMs = 5, stop } = {}) {
  const started = Date.now();
  const before = keywordIndexSegments(sqlite);
  sqlite.exec(`insert into order_grams (order_grams, rank) values ('usermerge', ${USER_MERGE})`);
  const step = sqlite.prepare("insert into order_grams (order_grams, rank) values ('merge', ?)");
  const changes = sqlite.prepare('select total_changes() as n');
  const total = () => changes.get().n;
  let steps = 0;
  let longestStepMs = 0;
  while (!stop?.()) {
    const t0 = Date.now();
    const from = total();
    step.run(pagesPerStep);
    steps++;
    longestStepMs = Math.max(longestStepMs, Date.now() - t0);
    // FTS5: fewer than two rows changed means there was nothing to merge.
    if (total() - from < 2) break;
    await sleep(pauseMs);
  }
  return { steps, segmentsBefore: before, segmentsAfter: keywordIndexSegments(sqlite), ms: Date.now() - started, longestStepMs };
}
