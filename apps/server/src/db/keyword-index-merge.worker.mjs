// The keyword index's merges on a thread of their own (decision 111): a merge step can hold its thread
// for a second on a large index, which must never be a thread that answers requests.
import Sqlite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { mergeKeywordIndex } from './keyword-index-merge.mjs';

const { file, everyMs } = workerData;
const sqlite = new Sqlite(file);
sqlite.pragma('busy_timeout = 5000');

let stopping = false;
parentPort.on('message', (m) => {
  if (m === 'stop') stopping = true;
});

while (!stopping) {
  try {
    parentPort.postMessage(await mergeKeywordIndex(sqlite, { stop: () => stopping }));
  } catch (e) {
    // A busy database or a full disk ends this round; the next one tries again.
    parentPort.postMessage({ error: e.message });
  }
  for (let waited = 0; waited < everyMs && !stopping; waited += 1000) await sleep(Math.min(1000, everyMs - waited));
}
sqlite.close();
parentPort.close();
