import type { Insertable } from 'kysely';
import { ORDER_STATUS } from '@portal/domain/enums';
import type { DB, Tx } from '../../db/database';
import type { ProductsTable } from '../../db/schema/products';

// Categories and the product writes of products.service.ts / category.service.ts (decision 156); the
// product lists and lookups are in products.repository.ts.

/** Every category of a type, parents first (level, sort, id). */
export const listCategories = (db: DB, type: number) =>
  db.selectFrom('categories').select(['id', 'parent_id', 'name']).where('type', '=', type).orderBy('level').orderBy('sort').orderBy('id').execute();

/** A third-level product category (type 1) with its two ancestors, or undefined. */
export const findCategoryPath = (db: DB | Tx, id: number) =>
  db
    .selectFrom('categories as c3')
    .innerJoin('categories as c2', 'c2.id', 'c3.parent_id')
    .innerJoin('categories as c1', 'c1.id', 'c2.parent_id')
    .select(['c3.id as id', 'c3.name as name', 'c2.id as idTwo', 'c2.name as nameTwo', 'c1.id as idOne', 'c1.name as nameOne'])
    .where('c3.id', '=', id)
    .where('c3.type', '=', 1)
    .where('c1.parent_id', 'is', null)
    .executeTakeFirst();

export const hasChildCategory = async (db: DB | Tx, id: number) => !!(await db.selectFrom('categories').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst());

export const insertProduct = async (db: DB, row: Insertable<ProductsTable>) => (await db.insertInto('products').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateProductInstructor = (db: DB, vendorId: number, id: number, name: string, phone: string) =>
  db.updateTable('products').set({ instructor_name: name, instructor_phone: phone }).where('id', '=', id).where('vendor_id', '=', vendorId).execute();

/** Orders in these states are over; a product used only by them may be deleted. */
const FINISHED = [ORDER_STATUS.completed, ORDER_STATUS.cancelled];

/** Ids among `productIds` that are on an order still in progress (not completed, not cancelled). */
export async function productsInActiveOrders(db: DB | Tx, vendorId: number, productIds: number[]): Promise<number[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('order_products')
    .innerJoin('orders', 'orders.id', 'order_products.order_id')
    .select('order_products.product_id')
    .distinct()
    .where('orders.vendor_id', '=', vendorId)
    .where('order_products.product_id', 'in', productIds)
    .where('orders.status', 'not in', FINISHED)
    .execute();
  return rows.map((r) => Number(r.product_id));
}
