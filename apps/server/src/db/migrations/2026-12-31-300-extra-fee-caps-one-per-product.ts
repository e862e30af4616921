import { sql, type Kysely } from 'kysely';

// Review fees-and-time #4 (decision 288): a product has one cap per service type, whichever level of its
// category path it was saved under (the merchant's last save replaces it). Earlier saves under other
// levels left several rows and the cap read was whichever came first. Of those, the most recently
// updated stays (the highest id on a tie); each one dropped writes its line in 修改记录 (after: removed).
// A category's own cap (product 0) stays one per category and service type.

const OPERATOR = '系统（同一产品只保留最近修改的上限）';

// c is shadowed by a later save of the same product and service type.
const SHADOWED = sql`c.product_id <> 0 and exists (
  select 1 from extra_fee_caps k
  where k.vendor_id = c.vendor_id and k.service_type = c.service_type and k.product_id = c.product_id
    and (k.updated_at > c.updated_at or (k.updated_at = c.updated_at and k.id > c.id)))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into extra_fee_cap_logs (vendor_id, category_id, service_type, product_id, before_fen, after_fen, operator, user_id, created_at)
    select c.vendor_id, c.category_id, c.service_type, c.product_id, c.cap_fen, null, ${OPERATOR}, null, ${new Date().toISOString()}
    from extra_fee_caps c where ${SHADOWED} order by c.id`.execute(db);
  await sql`delete from extra_fee_caps where id in (select c.id from extra_fee_caps c where ${SHADOWED})`.execute(db);
  await sql`drop index extra_fee_caps_key`.execute(db);
  await sql`create unique index extra_fee_caps_category on extra_fee_caps (vendor_id, category_id, service_type) where product_id = 0`.execute(db);
  await sql`create unique index extra_fee_caps_product on extra_fee_caps (vendor_id, service_type, product_id) where product_id <> 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index extra_fee_caps_product`.execute(db);
  await sql`drop index extra_fee_caps_category`.execute(db);
  await sql`create unique index extra_fee_caps_key on extra_fee_caps (vendor_id, category_id, service_type, product_id)`.execute(db);
}
