import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { categoryNode, productCreated, productRow } from '@portal/domain/contract/products';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { categoryListQuery, productAddBody, productListQuery, productUpdateBody } from '@portal/domain/products';
import { ok, page } from '../../lib/envelope';
import { vendorOf } from '../../plugins/auth';
import { categoryTree } from './category.service';
import { productsService } from './products.service';

/** Spec 02 §7 Products: the vendor's catalogue and the category tree. */
export default async function productsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = productsService(app);

  const categorySchema = { querystring: categoryListQuery, response: { 200: envelope(z.array(categoryNode)) } };
  app.get(API.categoryList, { config: { access: 'user' }, schema: categorySchema }, async (req) => ok(await categoryTree(app.db, req.query)));

  app.get(API.productList, { config: { access: PERM.productList }, schema: { querystring: productListQuery, response: { 200: pageEnvelope(productRow) } } }, async (req) => {
    const { rows, total, bounded } = await svc.list(vendorOf(req), req.query);
    return page(rows, total, bounded);
  });
  app.post(API.productAdd, { config: { access: PERM.productAdd }, schema: { body: productAddBody, response: { 200: envelope(productCreated) } } }, async (req) =>
    ok(await svc.add(vendorOf(req), req.body), MSG.submitOk),
  );
  app.post(API.productUpdate, { config: { access: PERM.productEdit }, schema: { body: productUpdateBody, response: { 200: noData } } }, async (req) => {
    await svc.updateInstructor(vendorOf(req), req.body);
    return ok(null, MSG.modifyOk);
  });
  // Comma-joined ids (at most 1,000), parsed by the service with its own messages.
  const deleteSchema = { params: z.object({ ids: z.string() }), response: { 200: noData } };
  app.post(API.productDelete(':ids'), { config: { access: PERM.productRemove }, schema: deleteSchema }, async (req) => {
    await svc.remove(vendorOf(req), req.params.ids);
    return ok(null, MSG.deleteOk);
  });
}
