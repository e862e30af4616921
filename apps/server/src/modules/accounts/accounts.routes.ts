import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { grantMenuBody, manufacturerInfoBody, scopeMenuBody } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { pageQuery, subAccountBody } from '@portal/domain/validation';
import { ok, page } from '../../lib/envelope';
import { parse } from '../../lib/errors';
import { vendorOf } from '../../plugins/auth';
import { editManufacturerInfo, getManufacturerInfo } from './manufacturer.service';
import { addSubAccount, deleteSubAccount, listSubAccounts, updateSubAccount } from './sub-accounts.service';
import { grantMenu, permissionTree, revokeMenu, setAllMenus, setMenuScope } from './sub-account-menus.service';

type IdParams = { Params: { id: string } };
const num = (v: string) => (/^\d{1,9}$/.test(v) ? Number(v) : -1);

export default async function accountRoutes(app: FastifyInstance) {
  const { db } = app;
  const info = { config: { access: PERM.userInfo } };
  const main = { config: { access: 'main' as const } };

  app.get(API.manufacturerInfo, info, async (req) => {
    const p = vendorOf(req);
    return ok(await getManufacturerInfo(db, p.vendorId, p.userId));
  });
  app.post(API.editManufacturerInfo, info, async (req) => {
    await editManufacturerInfo(db, vendorOf(req).vendorId, parse(manufacturerInfoBody, req.body));
    return ok(null, MSG.saveOk);
  });

  // Sub-accounts: main accounts only (spec 01 §6).
  app.get(API.subAccounts, main, async (req) => {
    const p = vendorOf(req);
    const q = parse(pageQuery, req.query);
    const { rows, total } = await listSubAccounts(db, p.vendorId, p.userId, q.pageNum, q.pageSize);
    return page(rows, total);
  });
  app.post(API.addSubAccount, main, async (req) => ok(await addSubAccount(db, vendorOf(req).vendorId, parse(subAccountBody, req.body)), MSG.addOk));
  app.post(API.updateSubAccount, main, async (req) => {
    await updateSubAccount(db, vendorOf(req).vendorId, parse(subAccountBody.required({ id: true }), req.body));
    return ok(null, MSG.modifyOk);
  });
  app.post<IdParams>(API.deleteSubAccount(':id'), main, async (req) => {
    await deleteSubAccount(db, vendorOf(req).vendorId, num(req.params.id));
    return ok(null, MSG.deleteOk);
  });

  app.get<IdParams>(API.subAccountMenu(':id'), main, async (req) => ok(await permissionTree(db, vendorOf(req).vendorId, num(req.params.id))));
  app.post<IdParams>(API.addSubAccountMenu(':id'), main, async (req) => {
    const body = parse(grantMenuBody, req.body);
    await grantMenu(db, vendorOf(req).vendorId, num(req.params.id), body.menuId, body.dataPermissions);
    return ok(null, MSG.saveOk);
  });
  app.post<{ Params: { menuId: string; userId: string } }>(API.removeSubAccountMenu(':menuId', ':userId'), main, async (req) => {
    await revokeMenu(db, vendorOf(req).vendorId, num(req.params.userId), num(req.params.menuId));
    return ok(null, MSG.saveOk);
  });
  app.post<{ Params: { userId: string; flag: string } }>(API.setSubAccountMenuAll(':userId', ':flag'), main, async (req) => {
    await setAllMenus(db, vendorOf(req).vendorId, num(req.params.userId), num(req.params.flag));
    return ok(null, MSG.saveOk);
  });
  app.post<IdParams>(API.updateSubAccountMenuScope(':id'), main, async (req) => {
    const body = parse(scopeMenuBody, req.body);
    await setMenuScope(db, vendorOf(req).vendorId, num(req.params.id), body.menuId, body.dataPermissions);
    return ok(null, MSG.saveOk);
  });
}
