import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { INPUT_MSG } from '@portal/domain/validation';
import { createVendor, get, nextPhone, post, startTestApp, type TestApp } from './helper';
import { upload } from './upload';

// Accounts review #5: an over-long input is refused with what is wrong with it — a body over the size
// limit is "too large a request", not an upload; a name or company over its bound says the bound, while
// the spec's 请输入姓名 / 请输入您的公司/店铺名称 stay the answer to a missing value (run on both engines).

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
});
afterAll(() => t?.close());

const records = async () => (await t.db.selectFrom('account_records').select('id').where('vendor_id', '=', v.vendorId).execute()).length;

describe('a body over the size limit', () => {
  it('a JSON body of 3 MB answers 请求内容过大 (nothing was uploaded) and writes nothing', async () => {
    const before = await records();
    const r = await post(t, API.recharge, { rechargeAmount: 1000, credentials: 'credentials/a.png', remarks: '转'.repeat(1024 * 1024) }, { token: v.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 400, msg: MSG.requestTooLarge });
    expect(await records()).toBe(before);
    const sub = await post(t, API.addSubAccount, { name: '张三', account: 'bigbody01', password: 'pass1234', phone: '', note: 'x'.repeat(3 * 1024 * 1024) }, { token: v.token });
    expect(sub.body).toMatchObject({ code: 400, msg: MSG.requestTooLarge });
  });

  it('a file upload over its limit still speaks of the upload', async () => {
    const r = await upload(t, v.token, { name: 'big.png', content: Buffer.alloc(11 * 1024 * 1024, 1), contentType: 'image/png' }, 'credentials');
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toMatch(/^上传/);
    expect(r.body.msg).not.toBe(MSG.requestTooLarge);
  });
});

describe('names and companies over their bound', () => {
  it('a sub-account name of 31 characters answers 姓名最多输入30个字符 on add and on edit; none answers 请输入姓名', async () => {
    const ok = { name: '李四', phone: '', account: `lisi${Date.now() % 100000}`, password: 'pass1234' };
    expect((await post(t, API.addSubAccount, { ...ok, name: '长'.repeat(31) }, { token: v.token })).body).toMatchObject({ code: 400, msg: INPUT_MSG.nameTooLong });
    expect((await post(t, API.addSubAccount, { ...ok, name: '' }, { token: v.token })).body).toMatchObject({ code: 400, msg: MSG.nameRequired });
    expect((await post(t, API.addSubAccount, { ...ok, name: '长'.repeat(30) }, { token: v.token })).body.code).toBe(200);
    const row = (await get(t, API.subAccounts, { token: v.token })).body.rows.find((x: { account: string }) => x.account === ok.account);
    const edit = { id: row.id, name: '李四', phone: '', account: ok.account, password: 'pass1234' };
    expect((await post(t, API.updateSubAccount, { ...edit, name: 'x'.repeat(31) }, { token: v.token })).body).toMatchObject({ code: 400, msg: INPUT_MSG.nameTooLong });
    expect((await post(t, API.updateSubAccount, { ...edit, name: ' ' }, { token: v.token })).body).toMatchObject({ code: 400, msg: MSG.nameRequired });
  });

  it('a company of 101 characters answers 公司名称最多输入100个字符 on 基本信息 and on register; none answers the spec message', async () => {
    const info = { name: '华东', company: '华东家电有限公司', contacts: '王经理', license: '', avatar: '', technicalUserVoList: [], umsUserAddressVoList: [] };
    expect((await post(t, API.editManufacturerInfo, { ...info, company: '司'.repeat(101) }, { token: v.token })).body).toMatchObject({ code: 400, msg: INPUT_MSG.companyTooLong });
    expect((await post(t, API.editManufacturerInfo, { ...info, company: '' }, { token: v.token })).body).toMatchObject({ code: 400, msg: MSG.companyRequired });
    expect((await post(t, API.editManufacturerInfo, { ...info, company: '司'.repeat(100) }, { token: v.token })).body.code).toBe(200);
    const reg = { phone: nextPhone(), captcha: '123456', company: '店'.repeat(101), password: 'abc12345' };
    expect((await post(t, API.register, reg)).body).toMatchObject({ code: 400, msg: INPUT_MSG.companyTooLong });
    expect((await post(t, API.register, { ...reg, company: ' ' })).body).toMatchObject({ code: 400, msg: MSG.companyRequired });
  });
});
