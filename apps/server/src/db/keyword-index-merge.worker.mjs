// The keyword index's merges on a thread of their own (decision 111): a merge step can hold its thread
// for a second on a large index, which must never be a thread that answers requests.
import { mergeKeywordIndex } from './keyword-index-merge.mjs';
import { runRounds } from './sqlite-thread-rounds.mjs';

await runRounds((sqlite, stopping) => mergeKeywordIndex(sqlite, { stop: stopping }));
