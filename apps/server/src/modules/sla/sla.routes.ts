import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@portal/domain/contract/envelope';
import { slaSummary, slaTargetsAnswer } from '@portal/domain/contract/notifications';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { PERM } from '@portal/domain/permissions';
import { MSG } from '@portal/domain/messages';
import { slaTargetsBody } from '@portal/domain/sla';
import { ok } from '../../lib/envelope';
import { operatorOf, ownScope, vendorOf } from '../../plugins/auth';
import { getTargets, saveTargets, slaCounts, startSweeping } from './sla.repository';

/** Order timeliness (issue 19, decisions 176–178): the console's targets, the home's counts, the sweep. */
export default async function slaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // Only a listening server sweeps (test apps answering injected calls do not; tests call the sweep).
  let stop = () => undefined as void;
  app.addHook('onListen', async () => {
    stop = startSweeping(db, app.config.SLA_SWEEP_SECONDS, app.log);
  });
  app.addHook('onClose', async () => stop());

  app.get(API.slaSummary, { config: { access: PERM.orderList }, schema: { response: { 200: envelope(slaSummary) } } }, async (req) => {
    const p = vendorOf(req);
    return ok(await slaCounts(db, p.vendorId, ownScope(p, PERM.orderList)));
  });

  const targetsAnswer = { 200: envelope(slaTargetsAnswer) };
  app.get(PLATFORM_API.slaTargets, { config: { access: 'platform' }, schema: { response: targetsAnswer } }, async () => ok(await getTargets(db)));

  app.post(PLATFORM_API.slaTargets, { config: { access: 'platform' }, schema: { body: slaTargetsBody, response: targetsAnswer } }, async (req) => {
    await saveTargets(db, req.body, operatorOf(req).name);
    return ok(await getTargets(db), MSG.saveOk);
  });
}
