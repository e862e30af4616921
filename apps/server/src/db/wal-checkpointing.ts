import { startSqliteThread, type SqliteThread } from './sqlite-thread';

/** The WAL's frames and how many of them the database holds, after a round (or its error). */
export type CheckpointRound = { frames: number; copied: number } | { error: string };

/**
 * Checkpoints the SQLite database's WAL every `everyMs` on a thread of its own (decision 220). One per
 * database, beside the keyword index's merge; the writers then checkpoint only as a safety net
 * (WRITER_AUTOCHECKPOINT_PAGES, connect.ts). `onRound` hears each round.
 */
export const startWalCheckpointing = (file: string, everyMs: number, onRound: (r: CheckpointRound) => void = () => {}): SqliteThread =>
  startSqliteThread(new URL('./wal-checkpoint.worker.mjs', import.meta.url), file, everyMs, onRound);
