import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { PRICE_FIELDS, PRODUCT_CHECK } from '@portal/domain/enums';
import { yuanToFen } from '@portal/domain/money';
import type { z } from 'zod';
import { PRODUCT_TEXT, guideKey, type PlatformProductRow, type ProductPassBody, type platformProductListQuery } from '@portal/domain/products';
import type { ProductsTable } from '../db/schema/products';
import { badRequest, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import type { OperatorPrincipal } from '../plugins/context';
import { guideColumn, priceColumn, toProductRow } from '../lib/product-row';
import { keywordConditions } from '../modules/products/products.repository';

type ListQuery = z.infer<typeof platformProductListQuery>;

/** The operator's product review: pass with out-of-warranty guide prices and rules, or reject. */
export function productsReviewService(app: FastifyInstance) {
  const db = app.db;
  const live = () =>
    db.selectFrom('products').innerJoin('vendors', 'vendors.id', 'products.vendor_id').where('products.deleted_at', 'is', null);

  async function load(id: number) {
    const row = await live().selectAll('products').select('vendors.company as vendor_company').where('products.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }
  const toRow = (r: Awaited<ReturnType<typeof load>>): PlatformProductRow => ({ ...toProductRow(r), vendorId: r.vendor_id, vendorCompany: r.vendor_company });

  /** Conditional on "still under review", so two operators cannot both decide. */
  async function decide(id: number, set: Updateable<ProductsTable>) {
    const r = await db.updateTable('products').set(set).where('id', '=', id).where('check_status', '=', PRODUCT_CHECK.reviewing).where('deleted_at', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw badRequest(PRODUCT_TEXT.alreadyReviewed);
  }

  return {
    async list(q: ListQuery) {
      let base = live();
      if (q.checkStatus !== undefined) base = base.where('products.check_status', '=', q.checkStatus);
      if (q.keywords) {
        const conditions = keywordConditions(q.keywords, app.config.isPostgres, ['vendors.company']);
        base = base.where((eb) => eb.or(conditions));
      }
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .selectAll('products')
          .select('vendors.company as vendor_company')
          .orderBy('products.created_at', q.checkStatus === PRODUCT_CHECK.reviewing ? 'asc' : 'desc')
          .orderBy('products.id', 'asc')
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize)
          .execute(),
      ]);
      return { rows: rows.map(toRow), total: Number(total) };
    },

    detail: async (id: number) => toRow(await load(id)),

    async pass(op: OperatorPrincipal, body: ProductPassBody) {
      const product = await load(body.id);
      const set: Updateable<ProductsTable> = {
        check_status: PRODUCT_CHECK.passed,
        reject_reason: '',
        repair_rule: body.repairRule,
        overhaul_rule: body.overhaulRule,
        medium_rule: body.mediumRule,
        minor_rule: body.minorRule,
        checked_by: op.operatorId,
        checked_at: nowIso(),
      };
      // Every offered service needs its guide price; a service not offered keeps none.
      for (const f of PRICE_FIELDS) {
        const guide = body[guideKey(f)];
        if (product[priceColumn(f)] == null) set[guideColumn(f)] = null;
        else if (guide === undefined) throw badRequest(PRODUCT_TEXT.guideRequired(f));
        else set[guideColumn(f)] = yuanToFen(guide);
      }
      await decide(body.id, set);
    },

    async reject(op: OperatorPrincipal, body: { id: number; reason: string }) {
      await load(body.id);
      await decide(body.id, { check_status: PRODUCT_CHECK.rejected, reject_reason: body.reason, checked_by: op.operatorId, checked_at: nowIso() });
    },
  };
}
