import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { platformProductRow } from '@portal/domain/contract/products';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_PRODUCT_API, platformProductListQuery, productPassBody, productRejectBody } from '@portal/domain/products';
import { ok, page } from '../lib/envelope';
import { operatorOf } from '../plugins/auth';
import { productsReviewService } from './products-review.service';

/** Operator console: review vendors' products (all vendors). */
export default async function productsReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = productsReviewService(app);
  const platform = { access: 'platform' } as const;

  const listSchema = { querystring: platformProductListQuery, response: { 200: pageEnvelope(platformProductRow) } };
  app.get(PLATFORM_PRODUCT_API.list, { config: platform, schema: listSchema }, async (req) => {
    const { rows, total } = await svc.list(req.query);
    return page(rows, total);
  });
  app.get(PLATFORM_PRODUCT_API.detail(':id'), { config: platform, schema: { params: idParams, response: { 200: envelope(platformProductRow) } } }, async (req) =>
    ok(await svc.detail(req.params.id)),
  );
  app.post(PLATFORM_PRODUCT_API.pass, { config: platform, schema: { body: productPassBody, response: { 200: noData } } }, async (req) => {
    await svc.pass(operatorOf(req), req.body);
    return ok(null, '审核通过');
  });
  app.post(PLATFORM_PRODUCT_API.reject, { config: platform, schema: { body: productRejectBody, response: { 200: noData } } }, async (req) => {
    await svc.reject(operatorOf(req), req.body);
    return ok(null, MSG.rejectedOk);
  });
}
