import { sql } from 'kysely';
import { PRODUCT_CHECK } from '@portal/domain/enums';
import type { DB } from '../../db/database';
import { anyCaseOp, likePattern } from '../../lib/like';

const SEARCHED = ['model_name', 'category_name', 'category_name_two', 'category_name_one'] as const;

/**
 * The products an order of this vendor may name (decision 280): passed, live, newest first, at most
 * `limit`; with a keyword, those whose model or category names contain it. The same rows the create
 * step accepts (findPricingFacts), whoever in the company created them: 产品管理's data scope is not
 * a limit on ordering.
 */
export function listOrderableProducts(db: DB, vendorId: number, keywords: string | undefined, limit: number, pg: boolean) {
  let q = db
    .selectFrom('products')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('deleted_at', 'is', null)
    .where('check_status', '=', PRODUCT_CHECK.passed);
  if (keywords) {
    const op = anyCaseOp(keywords, pg);
    const pattern = likePattern(keywords);
    q = q.where((eb) => eb.or(SEARCHED.map((c) => sql<boolean>`${sql.ref(`products.${c}`)} ${op} ${pattern} escape '\\'`)));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
