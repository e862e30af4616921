import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthAnswer, notReadyAnswer, readyAnswer } from '@portal/domain/contract/health';
import { OPS_API } from '@portal/domain/api-paths';
import { ok } from '../../lib/envelope';
import { pendingMigrations } from '../../db/migrate';
import { pingDatabase } from './health.repository';

export const NOT_READY = 503;
export const NOT_READY_MSG = '服务未就绪';

// Probes for load balancers and orchestrators (issue #16, decision 134): public, unsigned, not rate
// limited, and logged only when something goes wrong (a probe every few seconds is not news).
const probe = { config: { access: 'public', signed: false }, logLevel: 'warn' } as const;

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** The process is up and serving: touches nothing else. */
  app.get(OPS_API.health, { ...probe, schema: { response: { 200: healthAnswer } } }, async () =>
    ok({ status: 'up' as const, pid: process.pid, uptimeSeconds: Math.round(process.uptime()) }),
  );

  /** The database answers and every migration of this build is applied; HTTP 503 otherwise. */
  app.get(OPS_API.ready, { ...probe, schema: { response: { 200: readyAnswer, [NOT_READY]: notReadyAnswer } } }, async (req, reply) => {
    const database = await pingDatabase(app.db).then(
      () => 'ok' as const,
      (err) => (req.log.warn({ err }, 'readiness: database not reachable'), 'unreachable' as const),
    );
    // null: the migrations table itself is missing (a database never migrated).
    const pending = database === 'ok' ? await pendingMigrations(app.db).catch(() => null) : null;
    if (database === 'ok' && pending?.length === 0) return ok({ status: 'ready' as const, database });
    return reply.status(NOT_READY).send({ code: NOT_READY, msg: NOT_READY_MSG, data: { status: 'not ready', database, pendingMigrations: pending ?? 'unknown' } });
  });
}
