import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { ADDRESS_DETAIL_TOO_LONG, MASKED_PASSWORD, SUB_ACCOUNT_PHONE_TAKEN, SUB_ACCOUNT_TAKEN } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { FILE_NOT_OWNED } from '@portal/domain/uploads';
import { createSubAccount, createVendor, get, nextPhone, post, startTestApp, type TestApp } from '../../../test/helper';
import { signedFile } from '../../../test/signed-file';
import { SAMPLE, upload } from '../../../test/upload';
import { MENU_NO_DATA_SCOPE, MENU_NOT_GRANTED } from './sub-account-menus.service';

let t: TestApp;
let a: Awaited<ReturnType<typeof createVendor>>;
let b: Awaited<ReturnType<typeof createVendor>>;

beforeAll(async () => {
  t = await startTestApp();
  a = await createVendor(t);
  b = await createVendor(t);
});
afterAll(async () => t.close());

const addr = (over: Record<string, unknown> = {}) => ({
  realName: '王经理', phone: '13800138000', provinceId: '310000', cityId: '310100', districtId: '310112', detailAddress: '申长路988弄', paymentType: 0, defaultFlag: 1, ...over,
});
const info = (over: Record<string, unknown> = {}) => ({
  name: '华东', company: '华东家电有限公司', contacts: '王经理', license: '', avatar: '',
  technicalUserVoList: [{ name: '李工', phone: '13700137000' }, { name: '', phone: '' }],
  umsUserAddressVoList: [addr(), { realName: '', phone: '', provinceId: '', cityId: '', districtId: '', detailAddress: '' }],
  ...over,
});

describe('manufacturer info', () => {
  it('the order form reads its part (addresses, technical contacts, discount switches) with the create key alone (decision 282)', async () => {
    const v = await createVendor(t);
    expect((await post(t, API.editManufacturerInfo, info(), { token: v.token })).body.code).toBe(200);
    const orderer = await createSubAccount(t, v.vendorId, [11]); // 一键下单 only, no 基本信息
    expect((await get(t, API.manufacturerInfo, { token: orderer.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    const form = (await get(t, API.orderFormInfo, { token: orderer.token })).body;
    expect(form.code).toBe(200);
    expect(Object.keys(form.data).sort()).toEqual(['manufacturerOutletDiscountFlag', 'orderDiscountFlag', 'technicalUserVoList', 'umsUserAddressList']);
    expect(form.data.technicalUserVoList).toEqual([expect.objectContaining({ name: '李工', phone: '13700137000' })]);
    expect(form.data.umsUserAddressList).toEqual([expect.objectContaining({ realName: '王经理', detailAddress: '申长路988弄' })]);
    const viewer = await createSubAccount(t, v.vendorId, [12]); // 我的订单 only: may not place orders
    expect((await get(t, API.orderFormInfo, { token: viewer.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
  });

  it('saves info with a licence upload, drops empty rows and answers it back', async () => {
    const lic = await upload(t, a.token, { name: 'license.png', content: SAMPLE.png }, 'license');
    const save = await post(t, API.editManufacturerInfo, info({ license: lic.body.data!.fileUrl }), { token: a.token });
    expect(save.body).toMatchObject({ code: 200, msg: MSG.saveOk });
    const r = await get(t, API.manufacturerInfo, { token: a.token });
    expect(r.body.data).toMatchObject({
      name: '华东', company: '华东家电有限公司', contacts: '王经理', license: signedFile(lic.body.data!.fileUrl),
      technicalUserVoList: [{ name: '李工', phone: '13700137000' }],
      manufacturerOutletDiscountFlag: 0, orderDiscountFlag: 0,
    });
    expect(r.body.data.umsUserAddressList).toHaveLength(1);
    expect(r.body.data.umsUserAddressList[0]).toMatchObject({ provinceName: '上海市', cityName: '上海市', districtName: '闵行区', detailAddress: '申长路988弄', defaultFlag: 1, paymentType: 0 });
  });

  it('keeps address ids on a re-save and removes addresses left out', async () => {
    const first = (await get(t, API.manufacturerInfo, { token: a.token })).body.data.umsUserAddressList[0];
    await post(t, API.editManufacturerInfo, info({ umsUserAddressVoList: [{ ...first, detailAddress: '新地址1号' }, addr({ detailAddress: '第二仓库', defaultFlag: 0, paymentType: 1 })] }), { token: a.token });
    const list = (await get(t, API.manufacturerInfo, { token: a.token })).body.data.umsUserAddressList;
    expect(list.map((x: any) => x.detailAddress)).toEqual(['新地址1号', '第二仓库']);
    expect(list[0].id).toBe(first.id);
    expect(list[1].paymentType).toBe(1);
    await post(t, API.editManufacturerInfo, info({ umsUserAddressVoList: [list[1]] }), { token: a.token });
    const after = (await get(t, API.manufacturerInfo, { token: a.token })).body.data.umsUserAddressList;
    expect(after.map((x: any) => x.id)).toEqual([list[1].id]);
  });

  it('validates rows and regions with clear messages and writes nothing on refusal', async () => {
    const before = (await get(t, API.manufacturerInfo, { token: a.token })).body.data;
    const cases: Array<[Record<string, unknown>, string]> = [
      [info({ company: '' }), MSG.companyRequired],
      [info({ umsUserAddressVoList: [addr({ districtId: '110101' })] }), MSG.regionRequired],
      [info({ umsUserAddressVoList: [addr({ provinceId: '' })] }), MSG.regionRequired],
      [info({ umsUserAddressVoList: [addr({ detailAddress: '路'.repeat(401) })] }), ADDRESS_DETAIL_TOO_LONG],
      [info({ umsUserAddressVoList: [addr({ phone: '12345' })] }), MSG.phoneFormat],
      [info({ technicalUserVoList: [{ name: '李工', phone: '1' }] }), MSG.phoneFormat],
      [info({ company: '新名字', license: '/license/2026/11/0123456789abcdef0123456789abcdef.png' }), FILE_NOT_OWNED],
    ];
    for (const [body, msg] of cases) expect((await post(t, API.editManufacturerInfo, body, { token: a.token })).body, msg).toMatchObject({ code: 400, msg });
    expect((await get(t, API.manufacturerInfo, { token: a.token })).body.data).toEqual(before);
  });

  it("refuses another vendor's upload as licence", async () => {
    const other = await upload(t, b.token, { name: 'x.png', content: SAMPLE.png }, 'license');
    const r = await post(t, API.editManufacturerInfo, info({ license: other.body.data!.fileUrl }), { token: a.token });
    expect(r.body).toMatchObject({ code: 400, msg: FILE_NOT_OWNED });
  });

  it('is per vendor', async () => {
    const r = await get(t, API.manufacturerInfo, { token: b.token });
    expect(r.body.data.umsUserAddressList).toEqual([]);
    expect(r.body.data.company).not.toBe('华东家电有限公司');
  });
});

describe('sub-accounts', () => {
  it('adds, lists with a masked password, and the sub-account can log in', async () => {
    const account = `zhang${Date.now() % 100000}`;
    const r = await post(t, API.addSubAccount, { name: '张三', phone: nextPhone(), account, password: 'pass1234' }, { token: a.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.addOk });
    const list = await get(t, API.subAccounts, { token: a.token });
    const row = list.body.rows.find((x: any) => x.account === account);
    expect(row).toMatchObject({ name: '张三', password: MASKED_PASSWORD, userId: a.userId });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const login = await post(t, API.login, { account, password: 'pass1234', isSubAccount: true });
    expect(login.body.code).toBe(200);
    expect((await get(t, API.subAccounts, { token: b.token })).body.rows.find((x: any) => x.account === account)).toBeUndefined();
  });

  it('validates with the spec messages', async () => {
    const ok = { name: '李四', phone: '', account: 'lisi01', password: 'pass1234' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, name: '' }, MSG.nameRequired],
      [{ ...ok, account: '' }, MSG.accountRequired],
      [{ ...ok, account: 'li si' }, MSG.accountChars],
      [{ ...ok, account: 'a' }, MSG.accountLength],
      [{ ...ok, account: 'a'.repeat(21) }, MSG.accountLength],
      [{ ...ok, password: '' }, MSG.passwordRequired],
      [{ ...ok, phone: '12345678901' }, MSG.phoneFormat],
    ];
    for (const [body, msg] of cases) expect((await post(t, API.addSubAccount, body, { token: a.token })).body, msg).toMatchObject({ code: 400, msg });
  });

  it('keeps login accounts and phones unique', async () => {
    const phone = nextPhone();
    await post(t, API.addSubAccount, { name: '甲', phone, account: 'uniqacct', password: 'pass1234' }, { token: a.token });
    expect((await post(t, API.addSubAccount, { name: '乙', phone: '', account: 'uniqacct', password: 'pass1234' }, { token: b.token })).body.msg).toBe(SUB_ACCOUNT_TAKEN);
    expect((await post(t, API.addSubAccount, { name: '乙', phone, account: 'uniqacct2', password: 'pass1234' }, { token: a.token })).body.msg).toBe(SUB_ACCOUNT_PHONE_TAKEN);
  });

  it('edits with the masked password kept, and a new password signs the sub-account out', async () => {
    const sub = await createSubAccount(t, a.vendorId);
    const r = await post(t, API.updateSubAccount, { id: sub.userId, name: '改名', phone: '', account: sub.account, password: MASKED_PASSWORD }, { token: a.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect((await get(t, API.userInfo, { token: sub.token })).body.data.name).toBe('改名');
    expect((await post(t, API.login, { account: sub.account, password: sub.password, isSubAccount: true })).body.code).toBe(200);
    await post(t, API.updateSubAccount, { id: sub.userId, name: '改名', phone: '', account: sub.account, password: 'newpass99' }, { token: a.token });
    expect((await get(t, API.userInfo, { token: sub.token })).body.code).toBe(401);
    expect((await post(t, API.login, { account: sub.account, password: 'newpass99', isSubAccount: true })).body.code).toBe(200);
  });

  it('deletes: sessions revoked, login impossible, the account name free again', async () => {
    const sub = await createSubAccount(t, a.vendorId, [31]);
    const r = await post(t, API.deleteSubAccount(sub.userId), {}, { token: a.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.deleteOk });
    expect((await get(t, API.userInfo, { token: sub.token })).body.code).toBe(401);
    expect((await post(t, API.login, { account: sub.account, password: sub.password, isSubAccount: true })).body.code).toBe(400);
    expect((await post(t, API.addSubAccount, { name: '新', phone: '', account: sub.account, password: 'pass1234' }, { token: a.token })).body.code).toBe(200);
    expect((await post(t, API.deleteSubAccount(sub.userId), {}, { token: a.token })).body.code).toBe(404);
  });

  it('deletes once when 10 deletes of one sub-account arrive at once: the others answer not found', async () => {
    const sub = await createSubAccount(t, a.vendorId, [31]);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, API.deleteSubAccount(sub.userId), {}, { token: a.token })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 404)).toHaveLength(9);
  });

  it("answers another vendor's sub-account as not found on every id route", async () => {
    const foreign = await createSubAccount(t, b.vendorId, [31]);
    const body = { id: foreign.userId, name: 'x', phone: '', account: foreign.account, password: MASKED_PASSWORD };
    const calls = [
      post(t, API.updateSubAccount, body, { token: a.token }),
      post(t, API.deleteSubAccount(foreign.userId), {}, { token: a.token }),
      get(t, API.subAccountMenu(foreign.userId), { token: a.token }),
      post(t, API.addSubAccountMenu(foreign.userId), { menuId: 11, dataPermissions: 0 }, { token: a.token }),
      post(t, API.removeSubAccountMenu(31, foreign.userId), {}, { token: a.token }),
      post(t, API.setSubAccountMenuAll(foreign.userId, 1), {}, { token: a.token }),
      post(t, API.updateSubAccountMenuScope(foreign.userId), { menuId: 12, dataPermissions: 1 }, { token: a.token }),
      // the main account's own id is not a sub-account either
      get(t, API.subAccountMenu(a.userId), { token: a.token }),
      get(t, API.subAccountMenu(99999999), { token: a.token }),
      get(t, API.subAccountMenu('abc'), { token: a.token }),
    ];
    for (const r of await Promise.all(calls)) expect(r.body.code).toBe(404);
    const still = await t.db.selectFrom('user_menus').select('menu_id').where('user_id', '=', foreign.userId).execute();
    expect(still.map((m) => m.menu_id)).toEqual([31]);
  });
});

describe('sub-account permission tree', () => {
  const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.child)]);
  const held = async (userId: number) => flat((await get(t, API.subAccountMenu(userId), { token: a.token })).body.data).filter((n) => n.isHave === 1).map((n) => n.id).sort((x, y) => x - y);

  it('answers the whole tree with the node fields', async () => {
    const sub = await createSubAccount(t, a.vendorId);
    const r = await get(t, API.subAccountMenu(sub.userId), { token: a.token });
    const nodes = flat(r.body.data);
    expect(nodes.find((n) => n.id === 12)).toMatchObject({ name: '我的订单', menuType: 'C', permissions: 'app:order:list', isHave: 0, dataFlag: 1, dataPermissions: 0 });
    expect(r.body.data.map((n: any) => n.id)).toEqual([1, 2, 3]);
    expect(nodes.every((n) => Array.isArray(n.child))).toBe(true);
  });

  it('granting a child grants its parents; granting a parent grants its children', async () => {
    const sub = await createSubAccount(t, a.vendorId);
    await post(t, API.addSubAccountMenu(sub.userId), { menuId: 121, dataPermissions: 0 }, { token: a.token });
    expect(await held(sub.userId)).toEqual([1, 12, 121]);
    await post(t, API.addSubAccountMenu(sub.userId), { menuId: 16, dataPermissions: 1 }, { token: a.token });
    expect(await held(sub.userId)).toEqual([1, 12, 16, 121, 161]);
    const tree = flat((await get(t, API.subAccountMenu(sub.userId), { token: a.token })).body.data);
    expect(tree.find((n) => n.id === 16).dataPermissions).toBe(1);
    const me = (await get(t, API.userInfo, { token: sub.token })).body.data;
    expect(me.permissions.sort()).toEqual(['app:base:edit', 'app:base:list', 'app:order:cancel', 'app:order:list']);
    expect(me.dataScopes['app:base:list']).toBe(1);
  });

  it('removing a parent removes its children; an emptied folder goes too', async () => {
    const sub = await createSubAccount(t, a.vendorId, [1, 12, 121, 122, 16, 161, 2, 21]);
    await post(t, API.removeSubAccountMenu(12, sub.userId), {}, { token: a.token });
    expect(await held(sub.userId)).toEqual([1, 2, 16, 21, 161]);
    await post(t, API.removeSubAccountMenu(16, sub.userId), {}, { token: a.token });
    expect(await held(sub.userId)).toEqual([2, 21]);
    await post(t, API.removeSubAccountMenu(21, sub.userId), {}, { token: a.token });
    expect(await held(sub.userId)).toEqual([]);
  });

  it('select all and none', async () => {
    const sub = await createSubAccount(t, a.vendorId, [[12, 1]]);
    await post(t, API.setSubAccountMenuAll(sub.userId, 1), {}, { token: a.token });
    const all = flat((await get(t, API.subAccountMenu(sub.userId), { token: a.token })).body.data);
    expect(all.every((n) => n.isHave === 1)).toBe(true);
    expect(all.find((n) => n.id === 12).dataPermissions).toBe(1);
    await post(t, API.setSubAccountMenuAll(sub.userId, 0), {}, { token: a.token });
    expect(await held(sub.userId)).toEqual([]);
    expect((await post(t, API.setSubAccountMenuAll(sub.userId, 2), {}, { token: a.token })).body.code).toBe(400);
  });

  it('changes the data scope of a granted menu that offers one', async () => {
    const sub = await createSubAccount(t, a.vendorId, [1, 12, 11]);
    expect((await post(t, API.updateSubAccountMenuScope(sub.userId), { menuId: 12, dataPermissions: 1 }, { token: a.token })).body.code).toBe(200);
    expect((await get(t, API.userInfo, { token: sub.token })).body.data.dataScopes['app:order:list']).toBe(1);
    expect((await post(t, API.updateSubAccountMenuScope(sub.userId), { menuId: 11, dataPermissions: 1 }, { token: a.token })).body.msg).toBe(MENU_NO_DATA_SCOPE);
    expect((await post(t, API.updateSubAccountMenuScope(sub.userId), { menuId: 16, dataPermissions: 1 }, { token: a.token })).body.msg).toBe(MENU_NOT_GRANTED);
    expect((await post(t, API.updateSubAccountMenuScope(sub.userId), { menuId: 12, dataPermissions: 5 }, { token: a.token })).body.code).toBe(400);
    expect((await post(t, API.addSubAccountMenu(sub.userId), { menuId: 999, dataPermissions: 0 }, { token: a.token })).body.code).toBe(404);
  });
});

describe('permissions', () => {
  it('denies every account route to a sub-account lacking the key, with 403 没有权限', async () => {
    const bare = await createSubAccount(t, a.vendorId);
    const target = await createSubAccount(t, a.vendorId);
    const denied = [
      get(t, API.manufacturerInfo, { token: bare.token }),
      post(t, API.editManufacturerInfo, info(), { token: bare.token }),
      post(t, API.updatePass, { captcha: '123456', password: 'abcdef1' }, { token: bare.token }),
      post(t, API.changePhoneCaptcha, { captcha: '123456' }, { token: bare.token }),
      post(t, API.changePhone, { captcha: '123456', newCaptcha: '123456', newPhone: nextPhone() }, { token: bare.token }),
      post(t, API.logoff, {}, { token: bare.token }),
      get(t, API.subAccounts, { token: bare.token }),
      post(t, API.addSubAccount, { name: 'x', phone: '', account: 'xxyyzz', password: 'pass1234' }, { token: bare.token }),
      post(t, API.updateSubAccount, { id: target.userId, name: 'x', phone: '', account: target.account, password: MASKED_PASSWORD }, { token: bare.token }),
      post(t, API.deleteSubAccount(target.userId), {}, { token: bare.token }),
      get(t, API.subAccountMenu(target.userId), { token: bare.token }),
      post(t, API.addSubAccountMenu(target.userId), { menuId: 11 }, { token: bare.token }),
      post(t, API.removeSubAccountMenu(11, target.userId), {}, { token: bare.token }),
      post(t, API.setSubAccountMenuAll(target.userId, 1), {}, { token: bare.token }),
      post(t, API.updateSubAccountMenuScope(target.userId), { menuId: 12, dataPermissions: 1 }, { token: bare.token }),
    ];
    for (const r of await Promise.all(denied)) expect(r.body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await get(t, API.subAccounts, { token: a.token })).body.rows.find((x: any) => x.id === target.userId)).toBeTruthy();
  });

  it('lets a sub-account holding app:user:info read and edit the vendor info, but never manage sub-accounts', async () => {
    const sub = await createSubAccount(t, a.vendorId, [3, 31]);
    expect((await get(t, API.manufacturerInfo, { token: sub.token })).body.code).toBe(200);
    const all = await createSubAccount(t, a.vendorId);
    await post(t, API.setSubAccountMenuAll(all.userId, 1), {}, { token: a.token });
    expect((await get(t, API.subAccounts, { token: all.token })).body.code).toBe(403);
  });
});
