import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { extraFeeCapLogRow, extraFeeCapRow, extraFeeDecision, extraFeeSettingsAnswer, orderExtraFees } from '@portal/domain/contract/extra-fees';
import { EXTRA_FEE_API, EXTRA_FEE_MSG, extraFeeCapBody, extraFeeRejectBody, extraFeeSettingsBody, extraFeeStatus } from '@portal/domain/extra-fees';
import { fenToYuan } from '@portal/domain/money';
import { PERM } from '@portal/domain/permissions';
import { pageQuery } from '@portal/domain/validation';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { ownScope, vendorOf } from '../../plugins/auth';
import { capOfOrder, extraFeeCapsService } from './extra-fee-caps.service';
import { toFeeRow } from './extra-fee-rows';
import { feesOfOrder, findOrderOf } from './extra-fees.repository';
import { extraFeesService } from './extra-fees.service';
import { startExtraFeeSweep } from './extra-fee-sweep';

const L = PERM.orderList;

/** The merchant's side of extra fees and price caps (issue 46, decisions 250–254). */
export default async function extraFeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const svc = extraFeesService(db);
  const caps = extraFeeCapsService(db);
  // Only a listening server sweeps (test apps answering injected calls do not; tests call the sweep).
  let stop = () => undefined as void;
  app.addHook('onListen', async () => {
    stop = startExtraFeeSweep(db, app.config.EXTRA_FEE_SWEEP_SECONDS, app.log);
  });
  app.addHook('onClose', async () => stop());

  // The order detail's block: its requests and the cap that applies (the order list key and its data scope).
  app.get(EXTRA_FEE_API.ofOrder(':id'), { config: { access: L }, schema: { params: idParams, response: { 200: envelope(orderExtraFees) } } }, async (req) => {
    const p = vendorOf(req);
    const order = await findOrderOf(db, req.params.id, p.vendorId, ownScope(p, L));
    if (!order) throw notFound();
    const [requests, cap] = await Promise.all([feesOfOrder(db, order.id), capOfOrder(db, order)]);
    return ok({ requests: requests.map(toFeeRow), cap });
  });

  const decided = (r: { id: number; status: number; balanceFen: number | null }) => ({ id: r.id, status: r.status, statusName: extraFeeStatus.label(r.status), balance: r.balanceFen === null ? null : fenToYuan(r.balanceFen) });
  const approveSchema = { params: idParams, response: { 200: envelope(extraFeeDecision) } };
  app.post(EXTRA_FEE_API.approve(':id'), { config: { access: [L, PERM.orderExtraFee], idempotent: true }, schema: approveSchema }, async (req) => {
    return ok(decided(await svc.approve(vendorOf(req), req.params.id)), EXTRA_FEE_MSG.approved);
  });
  app.post(EXTRA_FEE_API.reject(':id'), { config: { access: [L, PERM.orderExtraFee] }, schema: { ...approveSchema, body: extraFeeRejectBody } }, async (req) => {
    return ok(decided(await svc.reject(vendorOf(req), req.params.id, req.body.reason)), EXTRA_FEE_MSG.rejected);
  });

  // 加价上限: the caps, their change log and the rules, behind their own keys.
  app.get(EXTRA_FEE_API.caps, { config: { access: PERM.extraFeeCapList }, schema: { response: { 200: envelope(z.array(extraFeeCapRow)) } } }, async (req) => ok(await caps.list(vendorOf(req).vendorId)));
  app.post(EXTRA_FEE_API.caps, { config: { access: PERM.extraFeeCapEdit }, schema: { body: extraFeeCapBody, response: { 200: noData } } }, async (req) => {
    await caps.save(vendorOf(req), req.body);
    return ok(null, EXTRA_FEE_MSG.capSaved);
  });
  app.post(EXTRA_FEE_API.capRemove(':id'), { config: { access: PERM.extraFeeCapEdit }, schema: { params: idParams, response: { 200: noData } } }, async (req) => {
    await caps.remove(vendorOf(req), req.params.id);
    return ok(null, EXTRA_FEE_MSG.capRemoved);
  });
  app.get(EXTRA_FEE_API.capLogs, { config: { access: PERM.extraFeeCapList }, schema: { querystring: pageQuery, response: { 200: pageEnvelope(extraFeeCapLogRow) } } }, async (req) => {
    const { rows, total } = await caps.logs(vendorOf(req).vendorId, req.query.pageNum, req.query.pageSize);
    return page(rows, total);
  });
  const settingsAnswer = { 200: envelope(extraFeeSettingsAnswer) };
  app.get(EXTRA_FEE_API.settings, { config: { access: PERM.extraFeeCapList }, schema: { response: settingsAnswer } }, async (req) => ok(await caps.settings(vendorOf(req).vendorId)));
  app.post(EXTRA_FEE_API.settings, { config: { access: PERM.extraFeeCapEdit }, schema: { body: extraFeeSettingsBody, response: settingsAnswer } }, async (req) => {
    await caps.saveSettings(vendorOf(req), req.body);
    return ok(await caps.settings(vendorOf(req).vendorId), EXTRA_FEE_MSG.settingsSaved);
  });
}
