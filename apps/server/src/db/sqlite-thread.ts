import { Worker } from 'node:worker_threads';

export interface SqliteThread {
  stop(): Promise<void>;
}

/**
 * Starts a SQLite upkeep thread: `script`, a worker that runs sqlite-thread-rounds.mjs on `file` every
 * `everyMs`. `onRound` hears each round's result, or an error.
 */
export function startSqliteThread<R>(script: URL, file: string, everyMs: number, onRound: (r: R | { error: string }) => void): SqliteThread {
  const worker = new Worker(script, { workerData: { file, everyMs } });
  worker.on('message', onRound);
  worker.on('error', (e) => onRound({ error: e.message }));
  // Such a thread must never keep the process alive on its own.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
