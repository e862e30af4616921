import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, manufacturerInfo, orderFormInfo, permissionNode, subAccountRow } from '@portal/domain/contract/accounts';
import { envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { API } from '@portal/domain/api-paths';
import { grantMenuBody, manufacturerInfoBody, scopeMenuBody } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { pageQuery, subAccountBody } from '@portal/domain/validation';
import { ok, page } from '../../lib/envelope';
import { vendorOf } from '../../plugins/auth';
import { editManufacturerInfo, getManufacturerInfo } from './manufacturer.service';
import { addSubAccount, deleteSubAccount, listSubAccounts, updateSubAccount } from './sub-accounts.service';
import { grantMenu, permissionTree, revokeMenu, setAllMenus, setMenuScope } from './sub-account-menus.service';

const num = (v: string) => (/^\d{1,9}$/.test(v) ? Number(v) : -1);

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const info = { access: PERM.userInfo } as const;
  const main = { access: 'main' } as const;
  const saved = { 200: noData };

  app.get(API.manufacturerInfo, { config: info, schema: { response: { 200: envelope(manufacturerInfo) } } }, async (req) => {
    const p = vendorOf(req);
    return ok(await getManufacturerInfo(db, p.vendorId, p.userId));
  });
  // The order form's part of it, for whoever may place orders without the 基本信息 key (decision 282).
  app.get(API.orderFormInfo, { config: { access: PERM.orderAdd }, schema: { response: { 200: envelope(orderFormInfo) } } }, async (req) => {
    const p = vendorOf(req);
    const { technicalUserVoList, umsUserAddressList, manufacturerOutletDiscountFlag, orderDiscountFlag } = await getManufacturerInfo(db, p.vendorId, p.userId);
    return ok({ technicalUserVoList, umsUserAddressList, manufacturerOutletDiscountFlag, orderDiscountFlag });
  });
  app.post(API.editManufacturerInfo, { config: info, schema: { body: manufacturerInfoBody, response: saved } }, async (req) => {
    await editManufacturerInfo(db, vendorOf(req).vendorId, req.body);
    return ok(null, MSG.saveOk);
  });

  // Sub-accounts: main accounts only (spec 01 §6).
  app.get(API.subAccounts, { config: main, schema: { querystring: pageQuery, response: { 200: pageEnvelope(subAccountRow) } } }, async (req) => {
    const p = vendorOf(req);
    const q = req.query;
    const { rows, total } = await listSubAccounts(db, p.vendorId, p.userId, q.pageNum, q.pageSize);
    return page(rows, total);
  });
  app.post(API.addSubAccount, { config: main, schema: { body: subAccountBody, response: { 200: envelope(created) } } }, async (req) =>
    ok(await addSubAccount(db, vendorOf(req).vendorId, req.body), MSG.addOk),
  );
  app.post(API.updateSubAccount, { config: main, schema: { body: subAccountBody.required({ id: true }), response: saved } }, async (req) => {
    await updateSubAccount(db, vendorOf(req).vendorId, req.body);
    return ok(null, MSG.modifyOk);
  });
  app.post(API.deleteSubAccount(':id'), { config: main, schema: { params: idParams, response: saved } }, async (req) => {
    await deleteSubAccount(db, vendorOf(req).vendorId, req.params.id);
    return ok(null, MSG.deleteOk);
  });

  app.get(API.subAccountMenu(':id'), { config: main, schema: { params: idParams, response: { 200: envelope(z.array(permissionNode)) } } }, async (req) =>
    ok(await permissionTree(db, vendorOf(req).vendorId, req.params.id)),
  );
  app.post(API.addSubAccountMenu(':id'), { config: main, schema: { params: idParams, body: grantMenuBody, response: saved } }, async (req) => {
    await grantMenu(db, vendorOf(req).vendorId, req.params.id, req.body.menuId, req.body.dataPermissions);
    return ok(null, MSG.saveOk);
  });
  // Ids as sent: the service answers an unknown menu with its own message (MENU_NOT_FOUND).
  const menuUser = z.object({ menuId: z.string(), userId: z.string() });
  app.post(API.removeSubAccountMenu(':menuId', ':userId'), { config: main, schema: { params: menuUser, response: saved } }, async (req) => {
    await revokeMenu(db, vendorOf(req).vendorId, num(req.params.userId), num(req.params.menuId));
    return ok(null, MSG.saveOk);
  });
  // flag 1 grants every menu, 0 none; the service refuses anything else.
  const userFlag = z.object({ userId: z.string(), flag: z.string() });
  app.post(API.setSubAccountMenuAll(':userId', ':flag'), { config: main, schema: { params: userFlag, response: saved } }, async (req) => {
    await setAllMenus(db, vendorOf(req).vendorId, num(req.params.userId), num(req.params.flag));
    return ok(null, MSG.saveOk);
  });
  app.post(API.updateSubAccountMenuScope(':id'), { config: main, schema: { params: idParams, body: scopeMenuBody, response: saved } }, async (req) => {
    await setMenuScope(db, vendorOf(req).vendorId, req.params.id, req.body.menuId, req.body.dataPermissions);
    return ok(null, MSG.saveOk);
  });
}
