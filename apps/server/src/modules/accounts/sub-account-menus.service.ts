import { DATA_SCOPE, type PermissionNode } from '@portal/domain/accounts';
import type { DB, Tx } from '../../db/database';
import { badRequest, notFound } from '../../lib/errors';
import { ownSubAccount } from './sub-accounts.service';
import * as repo from './accounts.repository';
import type { MenuRow } from './accounts.repository';

export const MENU_NOT_FOUND = '菜单不存在';
export const MENU_NOT_GRANTED = '该菜单尚未授权';
export const MENU_NO_DATA_SCOPE = '该菜单不支持数据权限设置';
export const MENU_ALL_FLAG = '参数错误';

const allMenus = (db: DB | Tx) => repo.listMenus(db);

function ancestorsOf(menus: MenuRow[], id: number): number[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out: number[] = [];
  let p = byId.get(id)?.parent_id ?? null;
  while (p !== null && byId.has(p) && !out.includes(p)) {
    out.push(p);
    p = byId.get(p)!.parent_id;
  }
  return out;
}

function descendantsOf(menus: MenuRow[], id: number): number[] {
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const m of menus) {
      if (m.parent_id !== pid || out.includes(m.id)) continue;
      out.push(m.id);
      walk(m.id);
    }
  };
  walk(id);
  return out;
}

function menuOf(menus: MenuRow[], id: number) {
  const m = Number.isInteger(id) ? menus.find((x) => x.id === id) : undefined;
  if (!m) throw notFound(MENU_NOT_FOUND);
  return m;
}

/** The whole menu tree with what this sub-account holds (isHave) and its data scope. */
export async function permissionTree(db: DB, vendorId: number, userId: number): Promise<PermissionNode[]> {
  const sub = await ownSubAccount(db, vendorId, userId);
  const menus = await allMenus(db);
  const grants = new Map((await repo.listGrants(db, sub.id)).map((g) => [g.menu_id, g.data_permissions]));
  const build = (parent: number | null): PermissionNode[] =>
    menus
      .filter((m) => m.parent_id === parent)
      .map((m) => ({
        id: m.id,
        name: m.name,
        menuType: m.menu_type,
        permissions: m.permissions,
        isHave: grants.has(m.id) ? 1 : 0,
        dataFlag: m.data_flag,
        dataPermissions: grants.get(m.id) ?? DATA_SCOPE.all,
        child: build(m.id),
      }));
  return build(null);
}

/**
 * Menu changes of one sub-account run one at a time, so a grant and a revoke racing each other never
 * leave a menu without its parent or a folder with nothing in it (decision 112): the sub-account's
 * user row is locked for the transaction on PostgreSQL; SQLite transactions already take the write
 * lock when they begin (db/sqlite-dialect.ts).
 */
const lockSubAccount = (tx: Tx, userId: number) => repo.lockUserRow(tx, userId);

/** Adds grants not held yet; ones already held keep their scope. ON CONFLICT, so parallel grants never collide on the key. */
const insertGrants = (tx: Tx, vendorId: number, userId: number, ids: number[], scopeOf: (id: number) => number) =>
  repo.insertGrants(tx, vendorId, userId, [...new Set(ids)], scopeOf);

/** Grant a menu: with it come its parents (to reach it) and its children (what it groups). */
export async function grantMenu(db: DB, vendorId: number, userId: number, menuId: number, dataPermissions: number) {
  const sub = await ownSubAccount(db, vendorId, userId);
  const menus = await allMenus(db);
  const menu = menuOf(menus, menuId);
  const scope = menu.data_flag === 1 ? dataPermissions : DATA_SCOPE.all;
  await db.transaction().execute(async (tx) => {
    await lockSubAccount(tx, sub.id);
    await insertGrants(tx, vendorId, sub.id, [menu.id, ...ancestorsOf(menus, menu.id), ...descendantsOf(menus, menu.id)], (id) => (id === menu.id ? scope : DATA_SCOPE.all));
    if (menu.data_flag === 1) {
      await repo.setGrantScope(tx, sub.id, menu.id, scope);
    }
  });
}

/**
 * Remove a menu and everything under it; a directory left with nothing granted under it goes
 * too, so the tree never shows a checked folder that opens onto nothing.
 */
export async function revokeMenu(db: DB, vendorId: number, userId: number, menuId: number) {
  const sub = await ownSubAccount(db, vendorId, userId);
  const menus = await allMenus(db);
  const menu = menuOf(menus, menuId);
  await db.transaction().execute(async (tx) => {
    await lockSubAccount(tx, sub.id);
    await repo.deleteGrants(tx, sub.id, [menu.id, ...descendantsOf(menus, menu.id)]);
    for (const pid of ancestorsOf(menus, menu.id)) {
      const parent = menuOf(menus, pid);
      if (parent.menu_type !== 'M') break;
      const children = menus.filter((m) => m.parent_id === pid).map((m) => m.id);
      const left = children.length ? await repo.holdsAnyOf(tx, sub.id, children) : false;
      if (left) break;
      await repo.deleteGrants(tx, sub.id, [pid]);
    }
  });
}

/** Select-all: flag 1 grants every menu (scopes already set are kept), flag 0 removes all. */
export async function setAllMenus(db: DB, vendorId: number, userId: number, flag: number) {
  if (flag !== 0 && flag !== 1) throw badRequest(MENU_ALL_FLAG);
  const sub = await ownSubAccount(db, vendorId, userId);
  const menus = await allMenus(db);
  await db.transaction().execute(async (tx) => {
    await lockSubAccount(tx, sub.id);
    if (flag === 0) await repo.deleteAllGrants(tx, sub.id);
    else await insertGrants(tx, vendorId, sub.id, menus.map((m) => m.id), () => DATA_SCOPE.all);
  });
}

/** Data scope of a granted menu that offers one (dataFlag 1): 0 all data, 1 own data. */
export async function setMenuScope(db: DB, vendorId: number, userId: number, menuId: number, dataPermissions: number) {
  const sub = await ownSubAccount(db, vendorId, userId);
  const menu = menuOf(await allMenus(db), menuId);
  if (menu.data_flag !== 1) throw badRequest(MENU_NO_DATA_SCOPE);
  if ((await repo.setGrantScope(db, sub.id, menu.id, dataPermissions)) === 0) throw badRequest(MENU_NOT_GRANTED);
}
