// The SQLite WAL's checkpoints on a thread of their own (decision 220): copying the WAL's pages into
// the database and syncing both, off every thread that answers requests.
import Sqlite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';

const { file, everyMs } = workerData;
const sqlite = new Sqlite(file);
sqlite.pragma('busy_timeout = 5000');

let stopping = false;
parentPort.on('message', (m) => {
  if (m === 'stop') stopping = true;
});

while (!stopping) {
  try {
    // PASSIVE: copies what no reader still needs, never waits for a reader or blocks a writer.
    const [r] = sqlite.pragma('wal_checkpoint(passive)');
    parentPort.postMessage({ frames: r.log, copied: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ error: e.message });
  }
  await sleep(everyMs);
}
sqlite.close();
parentPort.close();
