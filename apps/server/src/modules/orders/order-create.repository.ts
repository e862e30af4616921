import type { Insertable } from 'kysely';
import { CompiledOnce, firstRow, rowShape } from '../../db/compiled-once';
import type { DB, Tx } from '../../db/database';
import { NAMED } from '../../db/pg-prepared';
import type { OrderLogisticsTable, OrderProductsTable, OrderSurchargesTable, OrdersTable } from '../../db/schema/orders';
import type { ProductsTable } from '../../db/schema/products';

// The statements of creating an order (order-create.service.ts) and of pricing it (order-pricing.ts):
// the checks' reads before the transaction, and the inserts inside it (each takes the caller's `tx`).

/** Which of these file paths the vendor uploaded. */
export const findVendorFilePaths = (db: DB, vendorId: number, paths: string[]) =>
  db.selectFrom('files').select('path').where('vendor_id', '=', vendorId).where('path', 'in', paths).execute();

/** The fields a vendor user is named by on an order's log. */

/** The vendor's shipping address of this id, if it is the vendor's. */
export const findVendorAddressId = (db: DB, addressId: number, vendorId: number) =>
  db.selectFrom('vendor_addresses').select('id').where('id', '=', addressId).where('vendor_id', '=', vendorId).executeTakeFirst();

// The statements every order create runs are named on PostgreSQL (decision 194): an insert's plan
// never depends on its values, and they name their columns, so a column added later cannot break them.
// Their text is compiled once a shape (decision 200).
const ORDER_INSERT = new CompiledOnce('insertOrder');
const LINE_INSERT = new CompiledOnce('insertOrderLine');

/** The order row; its id and vendor. */
export const insertOrder = async (tx: Tx, values: Insertable<OrdersTable>) =>
  firstRow(await ORDER_INSERT.run(tx, rowShape(tx, values), () => tx.insertInto('orders').values(values).returning(['id', 'vendor_id']).modifyEnd(NAMED)))!;

/** One product line of an order; its id. */
export const insertOrderLine = async (tx: Tx, values: Insertable<OrderProductsTable>) =>
  firstRow(await LINE_INSERT.run(tx, rowShape(tx, values), () => tx.insertInto('order_products').values(values).returning('id').modifyEnd(NAMED)))!;

/** A line's surcharges, in one statement. */
export const insertLineSurcharges = (tx: Tx, rows: Insertable<OrderSurchargesTable>[]) => tx.insertInto('order_surcharges').values(rows).execute();

/** The order's logistics rows, in one statement. */
export const insertOrderLogistics = (tx: Tx, rows: Insertable<OrderLogisticsTable>[]) => tx.insertInto('order_logistics').values(rows).execute();

// ---- pricing (order-pricing.ts)

// Every column of a product, listed so that the read below can be named (a named `*` breaks when a
// column is added); the pricing takes the rows as ProductRecord, so one left out does not compile.
const PRODUCT_COLUMNS = [
  'id', 'vendor_id', 'created_by', 'category_id', 'category_id_one', 'category_id_two',
  'category_name', 'category_name_one', 'category_name_two', 'model_name', 'picture', 'videos',
  'drawings', 'installation_fen', 'repair_fen', 'overhaul_fen', 'medium_fen', 'minor_fen',
  'cleanse_fen', 'debug_fen', 'guide_installation_fen', 'guide_repair_fen', 'guide_overhaul_fen',
  'guide_medium_fen', 'guide_minor_fen', 'guide_cleanse_fen', 'guide_debug_fen', 'repair_rule',
  'overhaul_rule', 'medium_rule', 'minor_rule', 'check_status', 'reject_reason', 'checked_by',
  'checked_at', 'instructor_name', 'instructor_phone', 'deleted_at', 'created_at',
] as const satisfies ReadonlyArray<keyof ProductsTable>;

const ORDERABLE_PRODUCTS = new CompiledOnce('findOrderableProducts');

/** Passed (check_status 1), live products of the vendor among these ids; named, as every create runs it. */
export const findOrderableProducts = async (db: DB | Tx, vendorId: number, ids: number[]) =>
  (await ORDERABLE_PRODUCTS.run(db, { shape: String(ids.length), values: [vendorId, ...ids, 1] }, () =>
    db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('vendor_id', '=', vendorId)
      .where('id', 'in', ids)
      .where('check_status', '=', 1)
      .where('deleted_at', 'is', null)
      .modifyFront(NAMED),
  )).rows;

const DISCOUNT_SETTINGS = new CompiledOnce('findDiscountSettings');

/**
 * In one statement (it runs in every order create): the vendor's two discount switches, the platform's
 * create-order discount rate setting and whether the district has a dealer outlet.
 */
export const findDiscountSettings = async (db: DB | Tx, vendorId: number, districtId: string) => {
  const r = await DISCOUNT_SETTINGS.run(db, { shape: '', values: ['create_order_discount', districtId, 1, vendorId] }, () =>
    db
      .selectFrom('vendors')
      .select(['order_discount_flag', 'outlet_discount_flag'])
      .select((eb) => [
        eb.selectFrom('configs').select('value').where('key', '=', 'create_order_discount').as('rate'),
        eb.selectFrom('dealer_outlets').select('id').where('district_id', '=', districtId).limit(1).as('outlet_id'),
      ])
      .where('id', '=', vendorId)
      .modifyFront(NAMED),
  );
  const row = firstRow(r);
  if (!row) throw new Error(`vendor ${vendorId} not found`);
  return row;
};

/** The vendor's outlet discount tiers (money in fen). */
export const listOutletDiscountTiers = (db: DB | Tx, vendorId: number) =>
  db.selectFrom('outlet_discounts').select(['full_reduce_amount_fen', 'discount_amount_fen']).where('vendor_id', '=', vendorId).execute();
