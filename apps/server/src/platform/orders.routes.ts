import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, pageEnvelope } from '@portal/domain/contract/envelope';
import { platformOrderDetail as platformOrderDetailAnswer, platformOrderMoved, platformOrderRow } from '@portal/domain/contract/orders';
import { PLATFORM_ACTION_NAMES, PLATFORM_ORDER_API, PLATFORM_ORDER_MSG, platformActionBody, platformMaster, platformOrderListQuery, type PlatformOrderAction } from '@portal/domain/orders-platform';
import { MSG } from '@portal/domain/messages';
import { id as idRule } from '@portal/domain/validation';
import { ok, page } from '../lib/envelope';
import { badRequest } from '../lib/errors';
import { operatorOf } from '../plugins/auth';
import { documentedOnly } from '../plugins/contract';
import { runPlatformAction } from './order-actions.service';
import { checkVisitProof, COMPLETING } from '../modules/customer-page/visit-proof';
import { platformOrderDetail } from './order-detail';
import { listMasters, pagePlatformOrders } from './orders.repository';

/** The operator console's order API (access 'platform'). */
export default async function platformOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const platform = { access: 'platform' } as const;
  // Open objects over OrderRow (an interface): checked when answering, not by the type checker.
  const listAnswer: z.ZodType = pageEnvelope(platformOrderRow);
  const detailAnswer: z.ZodType = envelope(platformOrderDetailAnswer);

  app.get(PLATFORM_ORDER_API.list, { config: platform, schema: { querystring: platformOrderListQuery, response: { 200: listAnswer } } }, async (req) => {
    const { rows, total } = await pagePlatformOrders(db, req.query);
    return page(rows, total);
  });

  app.get('/api/platform/orders/:id', { config: platform, schema: { params: idParams, response: { 200: detailAnswer } } }, async (req) => ok(await platformOrderDetail(db, req.params.id)));

  // An unknown action answers its own message (PLATFORM_ORDER_MSG.unknownAction), so it is read as sent.
  const actionSchema = { params: z.object({ id: idRule, action: z.string().describe(PLATFORM_ACTION_NAMES.join(' | ')) }), body: platformActionBody, response: { 200: envelope(platformOrderMoved) } };
  app.post('/api/platform/orders/:id/:action', { config: { access: 'platform', idempotent: true }, schema: actionSchema }, async (req) => {
    const { id, action } = req.params;
    if (!PLATFORM_ACTION_NAMES.includes(action)) throw badRequest(PLATFORM_ORDER_MSG.unknownAction);
    // Completing the master's work proves the visit first (issue 47): a wrong code is counted and refused here.
    const op = operatorOf(req);
    const proof = COMPLETING.has(action) ? await checkVisitProof(db, id, action as 'requestCompletion' | 'recycleFinish', req.body, op.name) : { by: 'none' as const };
    const moved = await runPlatformAction(db, op, id, action as PlatformOrderAction, req.body, proof);
    return ok({ id: moved.id, status: moved.status, node: moved.node }, MSG.submitOk);
  });

  const mastersQuery = documentedOnly(z.object({ cityCode: z.string().optional(), districtCode: z.string().optional(), serviceType: z.string().optional(), keyWords: z.string().optional() }));
  app.get(PLATFORM_ORDER_API.masters, { config: platform, schema: { querystring: mastersQuery, response: { 200: envelope(z.array(platformMaster)) } } }, async (req) => {
    const { cityCode, districtCode, serviceType, keyWords } = req.query;
    let rows = await listMasters(db, { cityCode: cityCode ? String(cityCode) : undefined, keyWords: keyWords ? String(keyWords) : undefined });
    if (districtCode) rows = rows.filter((m) => m.district_codes.split(',').includes(String(districtCode)));
    if (serviceType) rows = rows.filter((m) => m.skills.split(',').includes(String(serviceType)));
    return ok(rows.map((m) => ({ id: m.id, name: m.name, phone: m.phone, provinceCode: m.province_code, cityCode: m.city_code, districtCodes: m.district_codes.split(',').filter(Boolean), skills: m.skills.split(',').filter(Boolean).map(Number), rating: m.rating / 10 })));
  });
}
