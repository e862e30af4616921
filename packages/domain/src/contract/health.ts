import { z } from 'zod';
import { envelope } from './envelope';

/** Probes (decision 134). */
export const healthAnswer = envelope(z.object({ status: z.literal('up'), pid: z.number().int(), uptimeSeconds: z.number().int() }));
export const readyAnswer = envelope(z.object({ status: z.literal('ready'), database: z.literal('ok') }));
export const notReadyAnswer = z.object({
  code: z.literal(503),
  msg: z.string(),
  data: z.object({
    status: z.literal('not ready'),
    database: z.enum(['ok', 'unreachable']),
    pendingMigrations: z.union([z.array(z.string()), z.literal('unknown')]),
  }),
});
