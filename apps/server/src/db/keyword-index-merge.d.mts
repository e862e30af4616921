import type { Database } from 'better-sqlite3';

export interface MergeOptions {
  /** leaf pages of work a step may do (FTS5's 'merge' argument) */
  pagesPerStep?: number;
  /** rest between steps, so that writers waiting for the lock get it */
  pauseMs?: number;
  /** stops between steps when it returns true */
  stop?: () => boolean;
}

export interface MergeRound {
  steps: number;
  segmentsBefore: number;
  segmentsAfter: number;
  ms: number;
  longestStepMs: number;
}

/** How many segments the keyword index has now. */
export declare function keywordIndexSegments(sqlite: Database): number;

/**
 * Merges the keyword index's segments level by level until FTS5 has nothing left to merge (at most one
 * segment per level). Each step is its own write transaction.
 */
export declare function mergeKeywordIndex(sqlite: Database, options?: MergeOptions): Promise<MergeRound>;
