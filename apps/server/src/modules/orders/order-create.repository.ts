import type { Insertable } from 'kysely';
import type { DB, Tx } from '../../db/database';
import type { OrderLogisticsTable, OrderProductsTable, OrderSurchargesTable, OrdersTable } from '../../db/schema/orders';
import type { ProductRecord } from '../../lib/product-row';

// The statements of creating an order (order-create.service.ts) and of pricing it (order-pricing.ts):
// the checks' reads before the transaction, and the inserts inside it (each takes the caller's `tx`).

/** Which of these file paths the vendor uploaded. */
export const findVendorFilePaths = (db: DB, vendorId: number, paths: string[]) =>
  db.selectFrom('files').select('path').where('vendor_id', '=', vendorId).where('path', 'in', paths).execute();

/** The fields a vendor user is named by on an order's log. */

/** The vendor's shipping address of this id, if it is the vendor's. */
export const findVendorAddressId = (db: DB, addressId: number, vendorId: number) =>
  db.selectFrom('vendor_addresses').select('id').where('id', '=', addressId).where('vendor_id', '=', vendorId).executeTakeFirst();

/** The order row, whose lines the caller inserts next in the same transaction; its id and vendor. */
export const insertOrder = (tx: Tx, values: Insertable<OrdersTable>) => tx.insertInto('orders').values(values).returning(['id', 'vendor_id']).executeTakeFirstOrThrow();

/** One product line of an order; its id. */
export const insertOrderLine = (tx: Tx, values: Insertable<OrderProductsTable>) => tx.insertInto('order_products').values(values).returning('id').executeTakeFirstOrThrow();

/** A line's surcharges, in one statement. */
export const insertLineSurcharges = (tx: Tx, rows: Insertable<OrderSurchargesTable>[]) => tx.insertInto('order_surcharges').values(rows).execute();

/** The order's logistics rows, in one statement. */
export const insertOrderLogistics = (tx: Tx, rows: Insertable<OrderLogisticsTable>[]) => tx.insertInto('order_logistics').values(rows).execute();

// ---- pricing (order-pricing.ts)

/** The vendor's discount switches, the platform's create-order discount rate, and whether the district has a dealer outlet. */
export interface DiscountSettings {
  order_discount_flag: number;
  outlet_discount_flag: number;
  rate: string | null;
  outlet_id: number | null;
}

/**
 * What pricing an order reads, in one statement: the vendor's discount settings (undefined for no such
 * vendor), and its passed (check status 1), live products among these ids. The settings are the one
 * row the products are left-joined to, so no product found still answers them.
 */
export async function findPricingFacts(db: DB | Tx, vendorId: number, ids: number[], districtId: string): Promise<{ settings: DiscountSettings | undefined; products: ProductRecord[] }> {
  const rows = await db
    .selectFrom((eb) =>
      eb.selectFrom('vendors as v').where('v.id', '=', vendorId).select((s) => [
        'v.order_discount_flag', 'v.outlet_discount_flag',
        s.selectFrom('configs as c').select('c.value').where('c.key', '=', 'create_order_discount').as('rate'),
        s.selectFrom('dealer_outlets as o').select('o.id').where('o.district_id', '=', districtId).limit(1).as('outlet_id'),
      ]).as('d'))
    .leftJoin('products as p', (j) => j.on('p.vendor_id', '=', vendorId).on('p.id', 'in', ids).on('p.check_status', '=', 1).on('p.deleted_at', 'is', null))
    .select(['d.order_discount_flag', 'd.outlet_discount_flag', 'd.rate', 'd.outlet_id'])
    .selectAll('p')
    .execute();
  const first = rows[0];
  if (!first) return { settings: undefined, products: [] };
  const { order_discount_flag, outlet_discount_flag, rate, outlet_id } = first;
  const products = rows.filter((r) => r.id !== null).map(({ order_discount_flag: _a, outlet_discount_flag: _b, rate: _r, outlet_id: _o, ...p }) => p as ProductRecord);
  return { settings: { order_discount_flag, outlet_discount_flag, rate: rate ?? null, outlet_id: outlet_id ?? null }, products };
}

/** The vendor's outlet discount tiers (money in fen). */
export const listOutletDiscountTiers = (db: DB | Tx, vendorId: number) =>
  db.selectFrom('outlet_discounts').select(['full_reduce_amount_fen', 'discount_amount_fen']).where('vendor_id', '=', vendorId).execute();
