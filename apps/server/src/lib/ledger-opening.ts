import type { DB } from '../db/database';
import { findFirstSettledRecordAt, findVendorOpenedAt } from './ledger-opening.repository';
import { monthOf } from './months';

/**
 * The first month of a vendor's statements and invoiceable months: the account's opening, or its first
 * settled ledger record if that is earlier (imported history, demo data). Null for an unknown vendor.
 */
export async function ledgerOpeningMonth(db: DB, vendorId: number): Promise<string | null> {
  const [vendor, first] = await Promise.all([findVendorOpenedAt(db, vendorId), findFirstSettledRecordAt(db, vendorId)]);
  if (!vendor) return null;
  return monthOf(first && first.at < vendor.created_at ? first.at : vendor.created_at);
}
