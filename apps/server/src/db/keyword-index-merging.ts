import type { MergeRound } from './keyword-index-merge.mjs';
import { startSqliteThread, type SqliteThread } from './sqlite-thread';

/**
 * Starts the keyword index's periodic merge on its own thread (decision 111): one round at once, then
 * one every `everySeconds`. SQLite only; one per database (the process that set the database up).
 * `onRound` hears each round's result or error.
 */
export const startKeywordIndexMerging = (file: string, everySeconds: number, onRound: (r: MergeRound | { error: string }) => void = () => {}): SqliteThread =>
  startSqliteThread(new URL('./keyword-index-merge.worker.mjs', import.meta.url), file, everySeconds * 1000, onRound);
