import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPOINTMENT_API, appointmentView, creditRuleRow } from '@portal/domain/contract/appointments';
import { envelope, idParams, noData } from '@portal/domain/contract/envelope';
import { serviceType } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { slaStageLabel } from '@portal/domain/sla';
import { CREDIT_MSG, creditKindLabel, creditRuleBody, creditText } from '@portal/domain/timeliness-credit';
import { appointmentViewOf } from '../lib/appointment-view';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/errors';
import { nowIso, toShanghai } from '../lib/time';
import { operatorOf } from '../plugins/auth';
import { deleteRule, listRules, upsertRule } from './timeliness-credit.repository';

/** The console's timeliness credit rules and its view of an order's appointment (issue 46, decisions 255–259). */
export default async function platformTimelinessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const platform = { access: 'platform' } as const;

  const rows = async () =>
    (await listRules(db)).map((r) => ({
      id: r.id, serviceType: r.service_type, serviceTypeName: serviceType.label(r.service_type), stage: r.stage, stageName: slaStageLabel(r.stage),
      promiseHours: r.promise_hours === null ? null : Number(r.promise_hours), kind: r.kind, kindName: creditKindLabel(r.kind),
      amount: fenToYuan(Number(r.amount_fen)), percent: Number(r.percent), cap: fenToYuan(Number(r.cap_fen)), creditText: creditText(r),
      updatedBy: r.updated_by, updateTime: toShanghai(r.updated_at),
    }));
  const rulesAnswer = { 200: envelope(z.array(creditRuleRow)) };

  app.get(APPOINTMENT_API.rules, { config: platform, schema: { response: rulesAnswer } }, async () => ok(await rows()));

  app.post(APPOINTMENT_API.rules, { config: platform, schema: { body: creditRuleBody, response: rulesAnswer } }, async (req) => {
    const b = req.body;
    await upsertRule(db, {
      service_type: b.serviceType, stage: b.stage, promise_hours: b.promiseHours, kind: b.kind,
      amount_fen: b.kind === 'fixed' ? b.amount! : 0, percent: b.kind === 'share' ? b.percent! : 0, cap_fen: b.kind === 'share' ? b.cap! : 0,
      updated_by: operatorOf(req).name.slice(0, 60), now: nowIso(),
    });
    return ok(await rows(), CREDIT_MSG.saved);
  });

  app.post(APPOINTMENT_API.ruleRemove(':id'), { config: platform, schema: { params: idParams, response: { 200: noData } } }, async (req) => {
    if (!(await deleteRule(db, req.params.id))) throw badRequest(CREDIT_MSG.ruleNotFound);
    return ok(null, CREDIT_MSG.removed);
  });

  app.get(APPOINTMENT_API.platformView(':id'), { config: platform, schema: { params: idParams, response: { 200: envelope(appointmentView) } } }, async (req) => ok(await appointmentViewOf(db, req.params.id, null)));
}
