import type { FastifyInstance } from 'fastify';
import { PRICE_FIELDS, PRODUCT_CHECK } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { PRODUCT_TEXT, parseIdList, type ProductAddBody, type ProductListQuery } from '@portal/domain/products';
import type { ProductsTable } from '../../db/schema/products';
import type { Insertable } from 'kysely';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { ownScope } from '../../plugins/auth';
import type { VendorPrincipal } from '../../plugins/context';
import { assertOwnFiles } from '../../lib/files.repository';
import { leafCategory } from './category.service';
import { insertProduct, productsInActiveOrders, updateProductInstructor } from './catalogue.repository';
import { priceColumn, toProductRow } from '../../lib/product-row';
import { findProduct, findProducts, listProducts, softDeleteProducts } from './products.repository';

export function productsService(app: FastifyInstance) {
  const db = app.db;
  const pg = app.config.isPostgres;

  return {
    async list(p: VendorPrincipal, q: ProductListQuery) {
      const { rows, total, bounded } = await listProducts(db, p.vendorId, ownScope(p, PERM.productList), q, pg, app.config.ORDER_TOTAL_BOUND);
      return { rows: rows.map(toProductRow), total, bounded };
    },

    async add(p: VendorPrincipal, body: ProductAddBody) {
      const category = await leafCategory(db, body.categoryId);
      if (!category) throw badRequest(MSG.productRequired);
      const files = [body.productPicture, ...body.productVideo.map((f) => f.fileUrl), ...body.finishedDrawing.map((f) => f.fileUrl)];
      await assertOwnFiles(db, p.vendorId, files.filter(Boolean));
      const row: Insertable<ProductsTable> = {
        vendor_id: p.vendorId,
        created_by: p.userId,
        category_id: category.id,
        category_id_one: category.idOne,
        category_id_two: category.idTwo,
        category_name: category.name,
        category_name_one: category.nameOne,
        category_name_two: category.nameTwo,
        model_name: body.modelName,
        picture: body.productPicture,
        videos: JSON.stringify(body.productVideo),
        drawings: JSON.stringify(body.finishedDrawing),
        check_status: PRODUCT_CHECK.reviewing,
        instructor_name: body.name,
        instructor_phone: body.phone,
        created_at: nowIso(),
      };
      // Prices arrive as whole yuan (positive integers): fen is yuan × 100.
      for (const f of PRICE_FIELDS) row[priceColumn(f)] = body[f] === undefined ? null : body[f] * 100;
      return { id: await insertProduct(db, row) };
    },

    async updateInstructor(p: VendorPrincipal, body: { id: number; name: string; phone: string }) {
      const product = await findProduct(db, p.vendorId, ownScope(p, PERM.productList), body.id);
      if (!product) throw notFound();
      await updateProductInstructor(db, p.vendorId, product.id, body.name, body.phone);
    },

    /** Delete one or more products; all or none, and never one still on an order in progress. */
    async remove(p: VendorPrincipal, idText: string) {
      const ids = parseIdList(idText);
      if (!ids) throw badRequest(PRODUCT_TEXT.selectToDelete);
      await db.transaction().execute(async (tx) => {
        const found = await findProducts(tx, p.vendorId, ownScope(p, PERM.productList), ids);
        if (found.length !== ids.length) throw notFound();
        const busy = new Set(await productsInActiveOrders(tx, p.vendorId, ids));
        if (busy.size) {
          throw badRequest(PRODUCT_TEXT.inUse(found.filter((f) => busy.has(f.id)).map((f) => `${f.category_name} ${f.model_name}`)));
        }
        await softDeleteProducts(tx, p.vendorId, ids);
      });
    },
  };
}
