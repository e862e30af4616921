import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPOINTMENT_MSG } from '@portal/domain/appointments';
import { APPOINTMENT_API, appointmentView, merchantRescheduleBody } from '@portal/domain/contract/appointments';
import { envelope, idParams, noData } from '@portal/domain/contract/envelope';
import { PERM } from '@portal/domain/permissions';
import { appointmentViewOf } from '../../lib/appointment-view';
import { ok } from '../../lib/envelope';
import { ownScope, vendorOf } from '../../plugins/auth';
import { listenForAppointments } from './appointments.events';
import { requestReschedule } from './appointments.service';
import { startCreditSweeping } from './timeliness-sweep';

/** The merchant's side of appointment windows and the timeliness credit sweep (issue 46, decisions 255–259). */
export default async function appointmentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  listenForAppointments();
  // Only a listening server sweeps (test apps answering injected calls do not; tests call the sweep).
  let stop = () => undefined as void;
  app.addHook('onListen', async () => {
    stop = startCreditSweeping(db, app.config.TIMELINESS_CREDIT_SWEEP_SECONDS, app.log);
  });
  app.addHook('onClose', async () => stop());

  app.get(APPOINTMENT_API.view(':id'), { config: { access: PERM.orderList }, schema: { params: idParams, response: { 200: envelope(appointmentView) } } }, async (req) => {
    const p = vendorOf(req);
    return ok(await appointmentViewOf(db, req.params.id, p.vendorId, ownScope(p, PERM.orderList)));
  });

  app.post(APPOINTMENT_API.reschedule, { config: { access: PERM.orderList, idempotent: true }, schema: { body: merchantRescheduleBody, response: { 200: noData } } }, async (req) => {
    await requestReschedule(db, vendorOf(req), req.body);
    return ok(null, APPOINTMENT_MSG.rescheduleOk);
  });
}
