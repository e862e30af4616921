import { sql, type Insertable } from 'kysely';
import { CompiledOnce, firstRow, rowShape } from '../../db/compiled-once';
import type { DB, Tx } from '../../db/database';
import { NAMED } from '../../db/pg-prepared';
import { SENT_WITH_NEXT } from '../../db/pg-held-statements';
import type { OrderLogisticsTable, OrderProductsTable, OrderSurchargesTable, OrdersTable } from '../../db/schema/orders';
import type { ProductsTable } from '../../db/schema/products';
import type { ProductRecord } from '../../lib/product-row';
import { onPostgres } from '../../db/engine';

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
const LINE_INSERT_HELD = new CompiledOnce('insertOrderLineHeld');

// SQLite: an order inserted with this list_rev leaves its search row to its first line's insert, so
// the keyword index is written once a create (migration 2026-12-17-010, decision 201). That line's
// insert bumps list_rev to 0. PostgreSQL writes the row once at commit anyway (decision 184).
const LINES_FOLLOW = -1;

/** The order row, whose lines the caller inserts next in the same transaction; its id and vendor. */
export const insertOrder = async (tx: Tx, values: Insertable<OrdersTable>) => {
  const row = onPostgres(tx) ? values : { ...values, list_rev: LINES_FOLLOW };
  return firstRow(await ORDER_INSERT.run(tx, rowShape(tx, row), () => tx.insertInto('orders').values(row).returning(['id', 'vendor_id']).modifyEnd(NAMED)))!;
};

/** One product line of an order; its id. */
export const insertOrderLine = async (tx: Tx, values: Insertable<OrderProductsTable>) =>
  firstRow(await LINE_INSERT.run(tx, rowShape(tx, values), () => tx.insertInto('order_products').values(values).returning('id').modifyEnd(NAMED)))!;

/** One product line of an order whose id nobody needs: on PostgreSQL it leaves with the next statement (decision 202). */
export const insertOrderLineHeld = async (tx: Tx, values: Insertable<OrderProductsTable>) => {
  await LINE_INSERT_HELD.run(tx, rowShape(tx, values), () => tx.insertInto('order_products').values(values).modifyEnd(sql`${NAMED} ${SENT_WITH_NEXT}`));
};

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

const PRICING_FACTS = new CompiledOnce('findPricingFacts');

/** The vendor's discount switches, the platform's create-order discount rate, and whether the district has a dealer outlet. */
export interface DiscountSettings {
  order_discount_flag: number;
  outlet_discount_flag: number;
  rate: string | null;
  outlet_id: number | null;
}

/**
 * What pricing an order reads, in one statement (every create runs it, and on PostgreSQL a statement is
 * a round trip): the vendor's discount settings (undefined for no such vendor), and its passed (check
 * status 1), live products among these ids. The settings are the one row the products are left-joined
 * to, so no product found still answers them. Named on PostgreSQL (decision 194), compiled once a
 * number of ids (decision 200).
 */
export async function findPricingFacts(db: DB | Tx, vendorId: number, ids: number[], districtId: string): Promise<{ settings: DiscountSettings | undefined; products: ProductRecord[] }> {
  type Row = DiscountSettings & { [K in (typeof PRODUCT_COLUMNS)[number]]: ProductRecord[K] | null };
  const r = await PRICING_FACTS.run(db, { shape: String(ids.length), values: [districtId, vendorId, vendorId, ...ids] }, () => ({
    compile: () =>
      sql<Row>`${NAMED}select d.order_discount_flag, d.outlet_discount_flag, d.rate, d.outlet_id, ${sql.join(PRODUCT_COLUMNS.map((c) => sql.ref(`p.${c}`)))}
        from (select v.order_discount_flag, v.outlet_discount_flag,
            (select c.value from configs c where c.key = 'create_order_discount') as rate,
            (select o.id from dealer_outlets o where o.district_id = ${districtId} limit 1) as outlet_id
          from vendors v where v.id = ${vendorId}) d
        left join products p on p.vendor_id = ${vendorId} and p.id in (${sql.join(ids)}) and p.check_status = 1 and p.deleted_at is null`.compile(db),
  }));
  const first = r.rows[0];
  if (!first) return { settings: undefined, products: [] };
  const { order_discount_flag, outlet_discount_flag, rate, outlet_id } = first;
  const products = r.rows.filter((row) => row.id !== null).map((row) => Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c, row[c]])) as ProductRecord);
  return { settings: { order_discount_flag, outlet_discount_flag, rate, outlet_id }, products };
}

/** The vendor's outlet discount tiers (money in fen). */
export const listOutletDiscountTiers = (db: DB | Tx, vendorId: number) =>
  db.selectFrom('outlet_discounts').select(['full_reduce_amount_fen', 'discount_amount_fen']).where('vendor_id', '=', vendorId).execute();
