import { sql } from 'kysely';
import type { DB } from '../db/database';
import { monthOf } from './months';

/**
 * The first month of a vendor's statements and invoiceable months: the account's opening, or its first
 * settled ledger record if that is earlier (imported history, demo data). Null for an unknown vendor.
 */
export async function ledgerOpeningMonth(db: DB, vendorId: number): Promise<string | null> {
  const [vendor, first] = await Promise.all([
    db.selectFrom('vendors').select('created_at').where('id', '=', vendorId).executeTakeFirst(),
    db
      .selectFrom('account_records')
      .select(sql<string>`coalesce(confirmed_at, pay_time)`.as('at'))
      .where('vendor_id', '=', vendorId)
      .where(sql<boolean>`settled = 1`)
      .orderBy(sql`coalesce(confirmed_at, pay_time)`)
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!vendor) return null;
  return monthOf(first && first.at < vendor.created_at ? first.at : vendor.created_at);
}
