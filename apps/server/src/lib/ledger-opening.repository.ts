import { sql } from 'kysely';
import type { DB } from '../db/database';

// SQL of lib/ledger-opening.ts.

/** When the vendor's account was opened (undefined for an unknown vendor). */
export const findVendorOpenedAt = (db: DB, vendorId: number) =>
  db.selectFrom('vendors').select('created_at').where('id', '=', vendorId).executeTakeFirst();

/** The time of the vendor's first settled ledger record (confirmation, else payment time). */
export const findFirstSettledRecordAt = (db: DB, vendorId: number) =>
  db
    .selectFrom('account_records')
    .select(sql<string>`coalesce(confirmed_at, pay_time)`.as('at'))
    .where('vendor_id', '=', vendorId)
    .where(sql<boolean>`settled = 1`)
    .orderBy(sql`coalesce(confirmed_at, pay_time)`)
    .limit(1)
    .executeTakeFirst();
