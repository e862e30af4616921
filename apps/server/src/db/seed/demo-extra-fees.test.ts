import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { EXTRA_FEE_API } from '@portal/domain/extra-fees';
import { get, post, startTestApp, type TestApp } from '../../../test/helper';
import { DEMO } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PORTAL_DEMO_DATA: '1' });
});
afterAll(async () => t.close());

describe('demo extra fees', () => {
  it('leaves one request waiting under 待确认加价 and one the merchant approved, paid from the balance', async () => {
    const token = (await post(t, API.login, { phone: DEMO.mainPhone, password: DEMO.password, isSubAccount: false })).body.data.token as string;
    const waiting = (await get(t, API.orderList, { token, query: { status: -1, extraFee: 1, pageNum: 1, pageSize: 10 } })).body;
    expect(waiting.total).toBe(1);
    expect(waiting.rows[0]).toMatchObject({ realName: '孙磊', extraFeePending: true });
    const asked = (await get(t, EXTRA_FEE_API.ofOrder(waiting.rows[0].id), { token })).body.data.requests;
    expect(asked).toEqual([expect.objectContaining({ reasonName: '拆旧机', amount: 50, statusName: '待确认' })]);

    const paid = await t.db.selectFrom('account_records').select(['order_id', 'amount_fen']).where('payment_type', '=', PAYMENT_TYPE.extraFee).execute();
    expect(paid.map((r) => Number(r.amount_fen))).toEqual([-3000]);
    const approved = (await get(t, EXTRA_FEE_API.ofOrder(paid[0]!.order_id!), { token })).body.data.requests;
    expect(approved).toEqual([expect.objectContaining({ reasonName: '二次上门', amount: 30, statusName: '已通过' })]);
    // The approved ¥30 is in 赵国庆's order money (decision 272): the expense line, 订单总额 and 实付金额
    // equal what the ledger debited for the order.
    const order = (await get(t, API.order(paid[0]!.order_id!), { token })).body.data;
    expect(order.realName).toBe('赵国庆');
    expect(order.omsOrderExpenses).toContainEqual({ name: '服务加价：二次上门', price: 30, type: 1 });
    const debits = await t.db.selectFrom('account_records').select('amount_fen').where('order_id', '=', paid[0]!.order_id!).where('change_type', '=', 0).execute();
    expect(order.realPayPrice * 100).toBe(-debits.reduce((s, r) => s + Number(r.amount_fen), 0));
    expect(order.totalPrice).toBe(order.realPayPrice);
    const vendor = await t.db.selectFrom('vendors').select(['id', 'balance_fen']).executeTakeFirstOrThrow();
    const settled = await t.db.selectFrom('account_records').select('amount_fen').where('vendor_id', '=', vendor.id).where('settled', '=', 1).execute();
    expect(settled.reduce((s, r) => s + Number(r.amount_fen), 0)).toBe(Number(vendor.balance_fen));
  });
});
