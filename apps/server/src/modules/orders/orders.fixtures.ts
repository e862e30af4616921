import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { API } from '@portal/domain/api-paths';
import { nowIso } from '../../lib/time';
import { post, type TestApp } from '../../../test/helper';
import { moveBalance } from '../../lib/wallet-ledger';

// Test fixtures for orders: passed products in the catalogue, a funded wallet, a valid payload.

export const REGION = { provinceId: '310000', provinceName: '上海市', cityId: '310100', cityName: '上海市', districtId: '310112', districtName: '闵行区' };

let seq = 0;
/** A product of the vendor; prices in fen (null = not offered). Passed (check_status 1) by default. */
export async function createProduct(t: TestApp, vendorId: number, createdBy: number, o: { check?: number; installation?: number | null; guideInstallation?: number | null; repair?: number | null; guideRepair?: number | null; model?: string } = {}) {
  const cat = await t.db.selectFrom('categories').select(['id', 'name', 'parent_id']).where('level', '=', 3).limit(1).executeTakeFirstOrThrow();
  const r = await t.db
    .insertInto('products')
    .values({
      vendor_id: vendorId, created_by: createdBy, category_id: cat.id, category_id_one: cat.parent_id ?? cat.id, category_id_two: cat.parent_id ?? cat.id,
      category_name: cat.name, category_name_one: '空调', category_name_two: '挂机', model_name: o.model ?? `KFR-35GW/${++seq}`,
      installation_fen: o.installation === undefined ? 10000 : o.installation, guide_installation_fen: o.guideInstallation === undefined ? 15000 : o.guideInstallation,
      repair_fen: o.repair === undefined ? 8000 : o.repair, guide_repair_fen: o.guideRepair === undefined ? 12000 : o.guideRepair,
      check_status: o.check ?? 1, created_at: nowIso(),
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Credit the vendor's wallet through the ledger (a platform top-up), so balance = ledger. */
export async function fund(t: TestApp, vendorId: number, fen: number) {
  await t.db.transaction().execute((tx) =>
    moveBalance(tx, { vendorId, amountFen: fen, paymentType: PAYMENT_TYPE.platformTopUp, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, operator: '测试' }),
  );
}

export const balanceOf = async (t: TestApp, vendorId: number) =>
  Number((await t.db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorId).executeTakeFirstOrThrow()).balance_fen);

export const ledgerSum = async (t: TestApp, vendorId: number) => {
  const rows = await t.db.selectFrom('account_records').select('amount_fen').where('vendor_id', '=', vendorId).where('settled', '=', 1).execute();
  return rows.reduce((a, r) => a + Number(r.amount_fen), 0);
};

export function orderPayload(productIds: number[], patch: Record<string, unknown> = {}) {
  return {
    parole: 1, serviceType: 1, realName: '李雷', phone: '13912345678', ...REGION, detailAddress: '莲花南路1500弄3号',
    productList: productIds.map((productId) => ({ productId, number: 1 })),
    ...patch,
  };
}

/** Create an order through the API; answers its id. */
export async function addOrder(t: TestApp, token: string, productIds: number[], patch: Record<string, unknown> = {}) {
  const r = await post(t, API.orderAdd, orderPayload(productIds, patch), { token });
  if (r.body.code !== 200) throw new Error(`order add failed: ${r.body.msg}`);
  return r.body.data as number;
}
