import type pg from 'pg';

/**
 * Runs `send` with the client's socket corked, so the queries it sends leave in one write. For a client
 * in pg's pipeline mode, which sends a query without waiting for the answer to the one before
 * (decisions 197, 198).
 */
export function inOneWrite<T>(client: pg.Client, send: () => T): T {
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}
