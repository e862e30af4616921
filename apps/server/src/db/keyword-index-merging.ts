import { Worker } from 'node:worker_threads';
import type { MergeRound } from './keyword-index-merge.mjs';

export interface KeywordIndexMerging {
  stop(): Promise<void>;
}

/**
 * Starts the keyword index's periodic merge on its own thread (decision 111): one round at once, then
 * one every `everySeconds`. SQLite only; one per database (the process that set the database up).
 * `onRound` hears each round's result or error.
 */
export function startKeywordIndexMerging(file: string, everySeconds: number, onRound: (r: MergeRound | { error: string }) => void = () => {}): KeywordIndexMerging {
  const worker = new Worker(new URL('./keyword-index-merge.worker.mjs', import.meta.url), { workerData: { file, everyMs: everySeconds * 1000 } });
  worker.on('message', onRound);
  worker.on('error', (e) => onRound({ error: e.message }));
  // A merge thread must never keep the process alive on its own.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
