import { Worker } from 'node:worker_threads';

/** The WAL's frames and how many of them the database holds, after a round (or its error). */
export type CheckpointRound = { frames: number; copied: number } | { error: string };

export interface WalCheckpointing {
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite database's WAL every `everyMs` on a thread of its own (decision 220). One per
 * database, beside the keyword index's merge; the writers then checkpoint only as a safety net
 * (WRITER_AUTOCHECKPOINT_PAGES, connect.ts). `onRound` hears each round.
 */
export function startWalCheckpointing(file: string, everyMs: number, onRound: (r: CheckpointRound) => void = () => {}): WalCheckpointing {
  const worker = new Worker(new URL('./wal-checkpoint.worker.mjs', import.meta.url), { workerData: { file, everyMs } });
  worker.on('message', onRound);
  worker.on('error', (e) => onRound({ error: e.message }));
  // It must never keep the process alive on its own.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
