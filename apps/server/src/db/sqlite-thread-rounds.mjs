// The loop of a SQLite upkeep thread (the keyword index's merge, decision 111; the WAL's checkpoints,
// decision 220): its own connection, a round every `everyMs`, each round's result posted to the parent.
import Sqlite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Opens workerData.file and runs `round(sqlite, stopping)` at once and then every workerData.everyMs,
 * until the parent posts 'stop'. Waits in steps of at most a second, so that a stop is heard soon.
 */
export async function runRounds(round) {
  const { file, everyMs } = workerData;
  const sqlite = new Sqlite(file);
  sqlite.pragma('busy_timeout = 5000');
  let stopping = false;
  parentPort.on('message', (m) => {
    if (m === 'stop') stopping = true;
  });
  while (!stopping) {
    try {
      parentPort.postMessage(await round(sqlite, () => stopping));
    } catch (e) {
      // A busy database or a full disk ends this round; the next one tries again.
      parentPort.postMessage({ error: e.message });
    }
    for (let waited = 0; waited < everyMs && !stopping; waited += 1000) await sleep(Math.min(1000, everyMs - waited));
  }
  sqlite.close();
  parentPort.close();
}
