import { sql } from 'kysely';
import { DEFAULT_EXTRA_FEE_SETTINGS, type ExtraFeeSettings } from '@portal/domain/extra-fees';
import type { DB, Tx } from '../../db/database';
import { nowIso } from '../../lib/time';

// The SQL of price caps (加价上限), their change log and the merchant's extra-fee rules (issue 46, decision 252).

export async function settingsOf(db: DB | Tx, vendorId: number): Promise<ExtraFeeSettings> {
  const r = await db.selectFrom('extra_fee_settings').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst();
  if (!r) return DEFAULT_EXTRA_FEE_SETTINGS;
  return { overCap: r.over_cap === 'refuse' ? 'refuse' : 'wait', timeoutHours: r.timeout_hours, timeoutAction: r.timeout_action === 'approve' ? 'approve' : 'reject' };
}

export async function saveSettings(db: DB, vendorId: number, s: ExtraFeeSettings, operator: string) {
  const values = { over_cap: s.overCap, timeout_hours: s.timeoutHours, timeout_action: s.timeoutAction, updated_by: operator.slice(0, 60), updated_at: nowIso() };
  await db.insertInto('extra_fee_settings').values({ vendor_id: vendorId, ...values }).onConflict((oc) => oc.column('vendor_id').doUpdateSet(values)).execute();
}

/** The vendor's caps with the names of their category and product. */
export const capsOf = (db: DB, vendorId: number) =>
  db
    .selectFrom('extra_fee_caps as c')
    .leftJoin('categories as k', 'k.id', 'c.category_id')
    .leftJoin('products as p', (j) => j.onRef('p.id', '=', 'c.product_id').on('p.vendor_id', '=', vendorId))
    .selectAll('c')
    .select([sql<string>`coalesce(k.name, '')`.as('category_name'), sql<string>`coalesce(p.model_name, '')`.as('product_name')])
    .where('c.vendor_id', '=', vendorId)
    .orderBy('c.category_id')
    .orderBy('c.service_type')
    .orderBy('c.product_id')
    .execute();

type CapKey = { categoryId: number; serviceType: number; productId: number };

/**
 * The row a key names: a category's own cap by its category, a product's by the product alone — it has
 * one per service type under whichever category of its path it was saved (decision 288).
 */
export const findCap = (tx: Tx, vendorId: number, key: CapKey) => {
  const q = tx.selectFrom('extra_fee_caps').selectAll().where('vendor_id', '=', vendorId).where('service_type', '=', key.serviceType).where('product_id', '=', key.productId);
  return (key.productId ? q : q.where('category_id', '=', key.categoryId)).executeTakeFirst();
};

export const findCapById = (tx: Tx, vendorId: number, id: number) => tx.selectFrom('extra_fee_caps').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();

/**
 * Sets a cap in one statement, on the unique index of its kind (extra_fee_caps_product or
 * extra_fee_caps_category): a product's cap saved under another category moves there with its new
 * value. Answers the row as it was before (undefined: none).
 */
export async function upsertCap(tx: Tx, vendorId: number, key: CapKey, capFen: number, operator: string) {
  const before = await findCap(tx, vendorId, key);
  const now = nowIso();
  const set = { category_id: key.categoryId, cap_fen: capFen, updated_by: operator.slice(0, 60), updated_at: now };
  await tx
    .insertInto('extra_fee_caps')
    .values({ vendor_id: vendorId, service_type: key.serviceType, product_id: key.productId, ...set })
    .onConflict((oc) =>
      key.productId
        ? oc.columns(['vendor_id', 'service_type', 'product_id']).where(sql<boolean>`product_id <> 0`).doUpdateSet(set)
        : oc.columns(['vendor_id', 'category_id', 'service_type']).where(sql<boolean>`product_id = 0`).doUpdateSet(set),
    )
    .execute();
  return before === undefined ? undefined : { categoryId: before.category_id, capFen: Number(before.cap_fen) };
}

export const deleteCap = (tx: Tx, id: number) => tx.deleteFrom('extra_fee_caps').where('id', '=', id).executeTakeFirst();

export const insertCapLog = (
  tx: Tx,
  row: { vendor_id: number; category_id: number; service_type: number; product_id: number; before_fen: number | null; after_fen: number | null; operator: string; user_id: number | null },
) => tx.insertInto('extra_fee_cap_logs').values({ ...row, operator: row.operator.slice(0, 60), created_at: nowIso() }).execute();

export async function capLogsOf(db: DB, vendorId: number, pageNum: number, pageSize: number) {
  const base = db.selectFrom('extra_fee_cap_logs as l').where('l.vendor_id', '=', vendorId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('categories as k', 'k.id', 'l.category_id')
      .leftJoin('products as p', (j) => j.onRef('p.id', '=', 'l.product_id').on('p.vendor_id', '=', vendorId))
      .selectAll('l')
      .select([sql<string>`coalesce(k.name, '')`.as('category_name'), sql<string>`coalesce(p.model_name, '')`.as('product_name')])
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const categoryExists = async (db: DB | Tx, id: number) => !!(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
export const productOfVendor = (db: DB | Tx, vendorId: number, id: number) =>
  db.selectFrom('products').select(['id', 'category_id', 'category_id_one', 'category_id_two']).where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();

/** The order's products with their category path, and the vendor's caps of the order's service type that could apply. */
export async function capInputsOf(db: DB | Tx, order: { id: number; vendor_id: number; service_type: number }) {
  const lines = await db
    .selectFrom('order_products as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['p.id as product_id', 'p.category_id', 'p.category_id_one', 'p.category_id_two'])
    .where('l.order_id', '=', order.id)
    .execute();
  if (!lines.length) return { lines, caps: [] };
  const categories = [...new Set(lines.flatMap((l) => [l.category_id, l.category_id_one, l.category_id_two]))];
  const caps = await db
    .selectFrom('extra_fee_caps')
    .select(['category_id', 'product_id', 'cap_fen'])
    .where('vendor_id', '=', order.vendor_id)
    .where('service_type', '=', order.service_type)
    .where('category_id', 'in', categories)
    .execute();
  return { lines, caps };
}
