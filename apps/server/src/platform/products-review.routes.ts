import type { FastifyInstance } from 'fastify';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_PRODUCT_API, platformProductListQuery, productPassBody, productRejectBody } from '@portal/domain/products';
import { id } from '@portal/domain/validation';
import { ok, page } from '../lib/envelope';
import { notFound, parse } from '../lib/errors';
import { operatorOf } from '../plugins/auth';
import { productsReviewService } from './products-review.service';

/** Operator console: review vendors' products (all vendors). */
export default async function productsReviewRoutes(app: FastifyInstance) {
  const svc = productsReviewService(app);
  const platform = { config: { access: 'platform' as const } };

  app.get(PLATFORM_PRODUCT_API.list, platform, async (req) => {
    const { rows, total } = await svc.list(parse(platformProductListQuery, req.query));
    return page(rows, total);
  });
  app.get<{ Params: { id: string } }>(PLATFORM_PRODUCT_API.detail(':id'), platform, async (req) => {
    const r = id.safeParse(req.params.id);
    if (!r.success) throw notFound();
    return ok(await svc.detail(r.data));
  });
  app.post(PLATFORM_PRODUCT_API.pass, platform, async (req) => {
    await svc.pass(operatorOf(req), parse(productPassBody, req.body));
    return ok(null, '审核通过');
  });
  app.post(PLATFORM_PRODUCT_API.reject, platform, async (req) => {
    await svc.reject(operatorOf(req), parse(productRejectBody, req.body));
    return ok(null, MSG.rejectedOk);
  });
}
