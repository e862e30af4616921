import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { DB } from '../db/database';
import { hitRateLimit, peekRateLimit } from './rate-limits.repository';

/**
 * A @fastify/rate-limit store backed by the database, so that a limit holds across WORKERS and
 * servers (decision 119). Keys carry the limit's name, so routes that share a limit share a counter.
 */
export function databaseStore(db: DB): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      hitRateLimit(db, key, timeWindow).then(
        (r) => callback(null, r),
        (e: Error) => callback(e),
      );
    }

    /** The count so far without a hit (`{ increment: false }`), for a check that only the failures count. */
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      peekRateLimit(db, key).then(
        (r) => callback(null, r),
        (e: Error) => callback(e),
      );
    }

    child() {
      return new DatabaseStore();
    }
  };
}
