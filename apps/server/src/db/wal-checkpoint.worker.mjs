// The SQLite WAL's checkpoints on a thread of their own (decision 220): copying the WAL's pages into
// the database and syncing both, off every thread that answers requests.
import { runRounds } from './sqlite-thread-rounds.mjs';

await runRounds((sqlite) => {
  // PASSIVE: copies what no reader still needs, never waits for a reader or blocks a writer.
  const [r] = sqlite.pragma('wal_checkpoint(passive)');
  return { frames: r.log, copied: r.checkpointed };
});
