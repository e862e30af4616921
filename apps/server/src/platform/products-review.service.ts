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
import * as repo from './products-review.repository';

type ListQuery = z.infer<typeof platformProductListQuery>;

/** The operator's product review: pass with out-of-warranty guide prices and rules, or reject. */
export function productsReviewService(app: FastifyInstance) {
  const db = app.db;
  async function load(id: number) {
    const row = await repo.findReviewProduct(db, id);
    if (!row) throw notFound();
    return row;
  }
  const toRow = (r: repo.ReviewProductRow): PlatformProductRow => ({ ...toProductRow(r), vendorId: r.vendor_id, vendorCompany: r.vendor_company });

  /** Conditional on "still under review", so two operators cannot both decide. */
  async function decide(id: number, set: Updateable<ProductsTable>) {
    if (!(await repo.decideProduct(db, id, set))) throw badRequest(PRODUCT_TEXT.alreadyReviewed);
  }

  return {
    async list(q: ListQuery) {
      const { rows, total } = await repo.pageReviewProducts(db, app.config.isPostgres, {
        checkStatus: q.checkStatus,
        keywords: q.keywords,
        limit: q.pageSize,
        offset: (q.pageNum - 1) * q.pageSize,
      });
      return { rows: rows.map(toRow), total };
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
