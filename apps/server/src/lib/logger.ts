import { pino, type Logger } from 'pino';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * The process's logger outside a request (start-up, the cluster primary, database pool events,
 * background jobs); requests log through Fastify's `req.log`, the same pino with the request id.
 * Console output of the server goes through pino only (issue #16); CLIs print to stdout.
 */
export const log: Logger = pino({ level: LEVELS.has(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info' });
