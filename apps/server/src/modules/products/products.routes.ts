import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { categoryListQuery, productAddBody, productListQuery, productUpdateBody } from '@portal/domain/products';
import { ok, page } from '../../lib/envelope';
import { parse } from '../../lib/errors';
import { vendorOf } from '../../plugins/auth';
import { categoryTree } from './category.service';
import { productsService } from './products.service';

/** Spec 02 §7 Products: the vendor's catalogue and the category tree. */
export default async function productsRoutes(app: FastifyInstance) {
  const svc = productsService(app);

  app.get(API.categoryList, { config: { access: 'user' } }, async (req) => ok(await categoryTree(app.db, parse(categoryListQuery, req.query))));

  app.get(API.productList, { config: { access: PERM.productList } }, async (req) => {
    const { rows, total } = await svc.list(vendorOf(req), parse(productListQuery, req.query));
    return page(rows, total);
  });
  app.post(API.productAdd, { config: { access: PERM.productAdd } }, async (req) =>
    ok(await svc.add(vendorOf(req), parse(productAddBody, req.body)), MSG.submitOk),
  );
  app.post(API.productUpdate, { config: { access: PERM.productEdit } }, async (req) => {
    await svc.updateInstructor(vendorOf(req), parse(productUpdateBody, req.body));
    return ok(null, MSG.modifyOk);
  });
  app.post<{ Params: { ids: string } }>(API.productDelete(':ids'), { config: { access: PERM.productRemove } }, async (req) => {
    await svc.remove(vendorOf(req), req.params.ids);
    return ok(null, MSG.deleteOk);
  });
}
