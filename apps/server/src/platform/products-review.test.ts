import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_PRODUCT_API, PRODUCT_TEXT } from '@portal/domain/products';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t, { company: '审核测试厂家' });
  op = await createOperator(t);
});
afterAll(async () => t.close());

const asOp = () => ({ token: op.token, role: 'platform' });
async function addProduct(modelName: string, prices: Record<string, number>) {
  const r = await post(t, API.productAdd, { categoryId: 20101, modelName, ...prices }, { token: vendor.token });
  expect(r.body.code).toBe(200);
  return r.body.data.id as number;
}
const vendorRow = async (modelName: string) => (await get(t, API.productList, { token: vendor.token, query: { keywords: modelName } })).body.rows[0];

describe('platform product review', () => {
  it('lists products awaiting review across vendors, oldest first, with the vendor company', async () => {
    const first = await addProduct('REV-LIST-1', { installation: 100 });
    const second = await addProduct('REV-LIST-2', { repair: 50 });
    const r = await get(t, PLATFORM_PRODUCT_API.list, { ...asOp(), query: { checkStatus: 0, keywords: 'REV-LIST' } });
    expect(r.body.total).toBe(2);
    expect(r.body.rows.map((x: { id: number }) => x.id)).toEqual([first, second]);
    expect(r.body.rows[0]).toMatchObject({ vendorId: vendor.vendorId, vendorCompany: '审核测试厂家', checkStatus: 0, installation: 100 });
    const byCompany = await get(t, PLATFORM_PRODUCT_API.list, { ...asOp(), query: { keywords: '审核测试' } });
    expect(byCompany.body.total).toBeGreaterThanOrEqual(2);
    const one = await get(t, PLATFORM_PRODUCT_API.detail(first), asOp());
    expect(one.body.data).toMatchObject({ id: first, modelName: 'REV-LIST-1', vendorCompany: '审核测试厂家' });
    expect((await get(t, PLATFORM_PRODUCT_API.detail(99999999), asOp())).body.code).toBe(404);
  });

  it('passes a product with a guide price for each offered service and the repair rules', async () => {
    const id = await addProduct('REV-PASS', { installation: 100, repair: 60, overhaul: 300 });
    const missing = await post(t, PLATFORM_PRODUCT_API.pass, { id, guideInstallation: 150, guideRepair: 90 }, asOp());
    expect(missing.body).toMatchObject({ code: 400, msg: PRODUCT_TEXT.guideRequired('overhaul') });
    const bad = await post(t, PLATFORM_PRODUCT_API.pass, { id, guideInstallation: 0, guideRepair: 90, guideOverhaul: 400 }, asOp());
    expect(bad.body).toMatchObject({ code: 400, msg: PRODUCT_TEXT.guidePrice });
    const tooFine = await post(t, PLATFORM_PRODUCT_API.pass, { id, guideInstallation: 1.005, guideRepair: 90, guideOverhaul: 400 }, asOp());
    expect(tooFine.body).toMatchObject({ code: 400, msg: PRODUCT_TEXT.guidePrice });
    expect((await vendorRow('REV-PASS')).checkStatus).toBe(0);

    const ok = await post(
      t,
      PLATFORM_PRODUCT_API.pass,
      { id, guideInstallation: 150, guideRepair: '89.9', guideOverhaul: 420.5, guideCleanse: 70, repairRule: '更换主板以外的故障', overhaulRule: '更换压缩机、主板' },
      asOp(),
    );
    expect(ok.body.code).toBe(200);
    const row = await vendorRow('REV-PASS');
    expect(row).toMatchObject({
      checkStatus: 1,
      installation: 100,
      guideInstallation: 150,
      repair: 60,
      guideRepair: 89.9,
      overhaul: 300,
      guideOverhaul: 420.5,
      // Not offered by the vendor: no guide price either.
      cleanse: null,
      guideCleanse: null,
      repairRule: '更换主板以外的故障',
      overhaulRule: '更换压缩机、主板',
      mediumRule: '',
    });
    const stored = await t.db.selectFrom('products').select(['guide_overhaul_fen', 'checked_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.guide_overhaul_fen).toBe(42050);
    expect(stored.checked_at).toBeTruthy();
    expect((await get(t, API.productList, { token: vendor.token, query: { isCheck: 1, keywords: 'REV-PASS' } })).body.total).toBe(1);
    // Decided once only.
    expect((await post(t, PLATFORM_PRODUCT_API.pass, { id, guideInstallation: 1, guideRepair: 1, guideOverhaul: 1 }, asOp())).body).toMatchObject({
      code: 400,
      msg: PRODUCT_TEXT.alreadyReviewed,
    });
    expect((await post(t, PLATFORM_PRODUCT_API.reject, { id, reason: '晚了' }, asOp())).body.msg).toBe(PRODUCT_TEXT.alreadyReviewed);
  });

  it('rejects with a reason the vendor sees', async () => {
    const id = await addProduct('REV-REJECT', { installation: 100 });
    expect((await post(t, PLATFORM_PRODUCT_API.reject, { id, reason: '  ' }, asOp())).body).toMatchObject({ code: 400, msg: PRODUCT_TEXT.rejectReasonRequired });
    const r = await post(t, PLATFORM_PRODUCT_API.reject, { id, reason: '产品图片与型号不符' }, asOp());
    expect(r.body).toMatchObject({ code: 200, msg: MSG.rejectedOk });
    expect(await vendorRow('REV-REJECT')).toMatchObject({ checkStatus: 2, rejectReason: '产品图片与型号不符', guideInstallation: null });
    const rejected = await get(t, PLATFORM_PRODUCT_API.list, { ...asOp(), query: { checkStatus: 2, keywords: 'REV-REJECT' } });
    expect(rejected.body.rows[0]).toMatchObject({ id, rejectReason: '产品图片与型号不符' });
  });

  it('does not review a deleted product', async () => {
    const id = await addProduct('REV-GONE', { installation: 100 });
    expect((await post(t, API.productDelete(id), {}, { token: vendor.token })).body.code).toBe(200);
    expect((await post(t, PLATFORM_PRODUCT_API.reject, { id, reason: '无' }, asOp())).body.code).toBe(404);
  });

  it('is for operators only', async () => {
    expect((await get(t, PLATFORM_PRODUCT_API.list, { token: vendor.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await get(t, PLATFORM_PRODUCT_API.list, { token: vendor.token, role: 'platform' })).body.code).toBe(401);
    expect((await post(t, PLATFORM_PRODUCT_API.pass, { id: 1 })).body.code).toBe(401);
    expect((await get(t, API.productList, asOp())).body.code).toBe(403);
  });
});
