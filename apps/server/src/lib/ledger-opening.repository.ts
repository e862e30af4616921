import { sql } from 'kysely';
import type { DB } from '../db/database';

// SQL of lib/ledger-opening.ts.

/** When the vendor's account was opened (undefined for an unknown vendor). */
export const findVendorOpenedAt = (db: DB, vendorId: number) =>
  db.selectFrom('vendors').select('created_at').where('id', '=', vendorId).executeTakeFirst();

/** The time of the vendor's first settled ledger record (its pay time: when it moved the balance, decision 271). */
export const findFirstSettledRecordAt = (db: DB, vendorId: number) =>
  db
    .selectFrom('account_records')
    .select('pay_time as at')
    .where('vendor_id', '=', vendorId)
    .where(sql<boolean>`settled = 1`)
    .orderBy('pay_time')
    .limit(1)
    .executeTakeFirst();
