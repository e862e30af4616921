import type { DB, Tx } from '../db/database';
import { badRequest } from './errors';
import { FILE_NOT_OWNED } from '@portal/domain/uploads';

/** Split a widget value (comma-separated paths under the image root) into paths. */
export const splitPaths = (value: string | string[]) =>
  (Array.isArray(value) ? value : value.split(',')).map((p) => p.trim()).filter(Boolean);

// Cloud keys carry the owner in their folder: /<dir>/v<vendorId>/… for a vendor, /<dir>/p<operatorId>/…
// for an operator, then <timestamp><5 digits>file.<ext>.
const cloudKeyOwner = (path: string) => /^\/[A-Za-z]+\/([vp]\d+)\/\d{13}\d{5}file\.[a-z0-9]{2,5}$/.exec(path)?.[1];
const cloudOwner = (path: string) => /^v(\d+)$/.exec(cloudKeyOwner(path) ?? '')?.[1];

/**
 * Every path must be an upload of this vendor; a path of another vendor answers exactly as
 * a path that was never uploaded. Other modules call this before saving a file reference.
 */
export async function assertOwnFiles(db: DB | Tx, vendorId: number, value: string | string[]) {
  const paths = splitPaths(value);
  if (!paths.length) return;
  const local = paths.filter((p) => cloudOwner(p) === undefined);
  if (paths.some((p) => cloudOwner(p) !== undefined && cloudOwner(p) !== String(vendorId))) throw badRequest(FILE_NOT_OWNED);
  if (!local.length) return;
  const rows = await db.selectFrom('files').select('path').where('vendor_id', '=', vendorId).where('path', 'in', local).execute();
  const owned = new Set(rows.map((r) => r.path));
  if (local.some((p) => !owned.has(p))) throw badRequest(FILE_NOT_OWNED);
}

/**
 * Pictures the console attaches to an order (acting for the master): every path must be an
 * operator's upload or an upload of the order's own vendor (its product pictures and drawings).
 * Another vendor's file answers exactly as a path that was never uploaded.
 */
export async function assertPlatformFiles(db: DB | Tx, orderVendorId: number, value: string | string[]) {
  const paths = splitPaths(value);
  if (!paths.length) return;
  const usableCloud = (owner: string) => owner.startsWith('p') || owner === `v${orderVendorId}`;
  if (paths.some((p) => cloudKeyOwner(p) !== undefined && !usableCloud(cloudKeyOwner(p)!))) throw badRequest(FILE_NOT_OWNED);
  const local = [...new Set(paths.filter((p) => cloudKeyOwner(p) === undefined))];
  if (!local.length) return;
  const rows = await db
    .selectFrom('files')
    .select('path')
    .where('path', 'in', local)
    .where((eb) => eb.or([eb('operator_id', 'is not', null), eb('vendor_id', '=', orderVendorId)]))
    .execute();
  if (rows.length !== local.length) throw badRequest(FILE_NOT_OWNED);
}

/** Records a stored upload (files/upload.service.ts). */
export const insertFileRecord = (
  db: DB,
  v: { vendor_id: number; user_id: number; operator_id: number | null; dir: string; path: string; original_name: string; size: number; created_at: string },
) => db.insertInto('files').values(v).execute();

export const deleteFileRecord = (db: DB, path: string) => db.deleteFrom('files').where('path', '=', path).execute();
