import { type Insertable } from 'kysely';
import type { DB, Tx } from '../../db/database';
import type { VendorAddressesTable } from '../../db/schema/foundation';
import { onPostgres } from '../../db/engine';

export type AddressValues = Omit<Insertable<VendorAddressesTable>, 'vendor_id' | 'sort' | 'id'>;

// ---- manufacturer info (manufacturer.service.ts)

export const findVendor = (db: DB, vendorId: number) => db.selectFrom('vendors').selectAll().where('id', '=', vendorId).executeTakeFirstOrThrow();
export const findVendorFiles = (db: DB, vendorId: number) => db.selectFrom('vendors').select(['license', 'avatar']).where('id', '=', vendorId).executeTakeFirstOrThrow();
export const findUserPhone = (db: DB, userId: number) => db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
export const listTechnicians = (db: DB, vendorId: number) =>
  db.selectFrom('vendor_technicians').select(['name', 'phone']).where('vendor_id', '=', vendorId).orderBy('sort').orderBy('id').execute();
export const listAddresses = (db: DB, vendorId: number) =>
  db.selectFrom('vendor_addresses').selectAll().where('vendor_id', '=', vendorId).orderBy('sort').orderBy('id').execute();

/**
 * Saves the info screen in one transaction: the vendor's fields, its technicians replaced, and its
 * addresses — a row whose id is one of the vendor's keeps that id (orders may remember it), the others
 * are inserted, and rows not sent any more are deleted.
 */
export async function saveManufacturerInfo(
  db: DB,
  vendorId: number,
  v: { name: string; company: string; contacts: string; license: string; avatar: string },
  technicians: Array<{ name: string; phone: string }>,
  addresses: Array<{ id: number | null; row: AddressValues }>,
) {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('vendors').set(v).where('id', '=', vendorId).execute();
    await tx.deleteFrom('vendor_technicians').where('vendor_id', '=', vendorId).execute();
    if (technicians.length) {
      await tx.insertInto('vendor_technicians').values(technicians.map((t, sort) => ({ vendor_id: vendorId, name: t.name, phone: t.phone, sort }))).execute();
    }
    const existing = new Set((await tx.selectFrom('vendor_addresses').select('id').where('vendor_id', '=', vendorId).execute()).map((r) => r.id));
    const kept = new Set<number>();
    for (const [sort, a] of addresses.entries()) {
      if (a.id !== null && existing.has(a.id) && !kept.has(a.id)) {
        kept.add(a.id);
        await tx.updateTable('vendor_addresses').set({ ...a.row, sort }).where('id', '=', a.id).where('vendor_id', '=', vendorId).execute();
      } else {
        const ins = await tx.insertInto('vendor_addresses').values({ ...a.row, sort, vendor_id: vendorId }).returning('id').executeTakeFirstOrThrow();
        kept.add(ins.id);
      }
    }
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length) await tx.deleteFrom('vendor_addresses').where('vendor_id', '=', vendorId).where('id', 'in', gone).execute();
  });
}

// ---- sub-accounts (sub-accounts.service.ts)

/** A live sub-account of this vendor. */
export const findSubAccount = (db: DB | Tx, vendorId: number, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).where('is_sub', '=', 1).where('deleted_at', 'is', null).executeTakeFirst();

/** One page of the vendor's live sub-accounts, newest first, and their count. */
export async function pageSubAccounts(db: DB, vendorId: number, limit: number, offset: number) {
  const base = db.selectFrom('users').where('vendor_id', '=', vendorId).where('is_sub', '=', 1).where('deleted_at', 'is', null);
  const { total } = await base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(total) };
}

/** Whether a live sub-account (other than `selfId`) anywhere has this account name or phone. */
export async function subAccountHas(db: DB | Tx, column: 'account' | 'phone', value: string, selfId?: number) {
  let q = db.selectFrom('users').select('id').where(column, '=', value).where('is_sub', '=', 1).where('deleted_at', 'is', null);
  if (selfId) q = q.where('id', '!=', selfId);
  return !!(await q.executeTakeFirst());
}

export const insertSubAccount = (db: DB, v: { vendorId: number; account: string; phone: string | null; name: string; passwordHash: string; now: string }) =>
  db
    .insertInto('users')
    .values({ vendor_id: v.vendorId, is_sub: 1, account: v.account, phone: v.phone, name: v.name, password_hash: v.passwordHash, created_at: v.now })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateSubAccountRow = (tx: Tx, id: number, v: { name: string; phone: string | null; account: string; passwordHash: string }) =>
  tx.updateTable('users').set({ name: v.name, phone: v.phone, account: v.account, password_hash: v.passwordHash }).where('id', '=', id).execute();

export const deleteUserVendorSessions = (tx: Tx, userId: number) => tx.deleteFrom('sessions').where('kind', '=', 'vendor').where('user_id', '=', userId).execute();

export const deleteLoginFailuresOf = (tx: Tx, subject: string) => tx.deleteFrom('login_failures').where('subject', '=', subject).execute();

/** Marks a live sub-account deleted (its account and phone freed); false when it already was. */
export const markSubAccountDeleted = async (tx: Tx, id: number, now: string) =>
  !!(await tx.updateTable('users').set({ deleted_at: now, account: null, phone: null }).where('id', '=', id).where('deleted_at', 'is', null).returning('id').executeTakeFirst());

// ---- menu grants (sub-account-menus.service.ts)

export type MenuRow = { id: number; parent_id: number | null; name: string; menu_type: string; permissions: string; data_flag: number; sort: number };

export const listMenus = (db: DB | Tx): Promise<MenuRow[]> => db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();

export const listGrants = (db: DB, userId: number) => db.selectFrom('user_menus').select(['menu_id', 'data_permissions']).where('user_id', '=', userId).execute();

/**
 * Locks the sub-account's user row for the transaction on PostgreSQL; SQLite transactions already take
 * the write lock when they begin (db/sqlite-dialect.ts).
 */
export async function lockUserRow(tx: Tx, userId: number) {
  if (!onPostgres(tx)) return;
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Adds grants not held yet; ones already held keep their scope (ON CONFLICT DO NOTHING). */
export async function insertGrants(tx: Tx, vendorId: number, userId: number, menuIds: number[], scopeOf: (id: number) => number) {
  if (!menuIds.length) return;
  await tx
    .insertInto('user_menus')
    .values(menuIds.map((menu_id) => ({ user_id: userId, menu_id, vendor_id: vendorId, data_permissions: scopeOf(menu_id) })))
    .onConflict((oc) => oc.columns(['user_id', 'menu_id']).doNothing())
    .execute();
}

/** Sets a held grant's data scope; answers how many rows changed (0: not granted). */
export const setGrantScope = async (db: DB | Tx, userId: number, menuId: number, dataPermissions: number) =>
  Number((await db.updateTable('user_menus').set({ data_permissions: dataPermissions }).where('user_id', '=', userId).where('menu_id', '=', menuId).executeTakeFirst()).numUpdatedRows);

export const deleteGrants = (tx: Tx, userId: number, menuIds: number[]) => tx.deleteFrom('user_menus').where('user_id', '=', userId).where('menu_id', 'in', menuIds).execute();

export const deleteAllGrants = (tx: Tx, userId: number) => tx.deleteFrom('user_menus').where('user_id', '=', userId).execute();

/** Whether the user holds any of these menus. */
export const holdsAnyOf = async (tx: Tx, userId: number, menuIds: number[]) =>
  !!(await tx.selectFrom('user_menus').select('menu_id').where('user_id', '=', userId).where('menu_id', 'in', menuIds).executeTakeFirst());
