import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PERM, flattenMenu } from '@portal/domain/permissions';
import { INVOICE_API, INVOICE_MSG } from '@portal/domain/statements';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';

// Decision 273: filing 开票申请 is the button 申请开票 (app:invoice:apply) under 收支明细, not the view
// menu; a sub-account whose orders are 本人数据 invoices only its own orders, and no whole month.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let product: number;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  product = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 1_000_000);
}, 60_000);
afterAll(async () => t?.close());

const menu = (perm: string) => flattenMenu().find((m) => m.permissions === perm)!.id;
const HEADER = { title: '上海某某电器有限公司', taxpayerId: '91310000MA1FL0AB1C', invoiceType: 1, email: 'finance@example.com' };
const apply = (token: string, body: Record<string, unknown>) => post(t, INVOICE_API.apply, { ...HEADER, ...body }, { token });

/** A paid order of the vendor, made by `ownerId`. */
async function paidOrder(ownerId: number) {
  const id = await addOrder(t, v.token, [product]);
  expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
  await t.db.updateTable('orders').set({ created_by: ownerId }).where('id', '=', id).execute();
  return (await t.db.selectFrom('orders').select(['id', 'order_no']).where('id', '=', id).executeTakeFirstOrThrow()).order_no;
}

describe('who may file an invoice request', () => {
  it('申请开票 is a button of its own under 收支明细', () => {
    const ledger = flattenMenu().find((m) => m.permissions === PERM.accountList)!;
    expect(ledger.child).toEqual([expect.objectContaining({ name: '申请开票', menuType: 'F', permissions: PERM.invoiceApply })]);
  });

  it('a sub-account with only the view menu 收支明细 reads the requests but is refused 没有权限, writing nothing', async () => {
    const viewer = await createSubAccount(t, v.vendorId, [menu(PERM.accountList), [menu(PERM.orderList), 1]]);
    const mine = await paidOrder(viewer.userId);
    const others = await paidOrder(v.userId);
    for (const orderNos of [[others], [mine]]) {
      const r = await apply(viewer.token, { orderNos });
      expect(r.body).toMatchObject({ msg: MSG.forbidden });
      expect(r.body.code).not.toBe(200);
    }
    expect((await get(t, INVOICE_API.list, { token: viewer.token })).body.code).toBe(200);
    expect(await t.db.selectFrom('invoice_requests').select('id').where('vendor_id', '=', v.vendorId).execute()).toEqual([]);
  });

  it('with 申请开票 and orders 本人数据: its own order yes, another user’s order and whole months no', async () => {
    const clerk = await createSubAccount(t, v.vendorId, [menu(PERM.accountList), menu(PERM.invoiceApply), [menu(PERM.orderList), 1]]);
    const others = await paidOrder(v.userId);
    const mine = await paidOrder(clerk.userId);
    expect((await apply(clerk.token, { orderNos: [others] })).body).toMatchObject({ code: 400, msg: INVOICE_MSG.ordersNotFound });
    const otherId = (await t.db.selectFrom('orders').select('id').where('order_no', '=', others).executeTakeFirstOrThrow()).id;
    expect((await apply(clerk.token, { orderIds: [otherId] })).body).toMatchObject({ code: 400, msg: INVOICE_MSG.ordersNotFound });
    expect((await apply(clerk.token, { months: ['2026-01'] })).body).toMatchObject({ code: 400, msg: MSG.invoiceOwnOrdersOnly });
    const ok = await apply(clerk.token, { orderNos: [mine] });
    expect(ok.body).toMatchObject({ code: 200, msg: INVOICE_MSG.applyOk });
    // The other user's order is still open to whoever may invoice it: the main account.
    expect((await apply(v.token, { orderNos: [others] })).body.code).toBe(200);
  });

  it('with 申请开票 and orders 全部数据, or as the main account: any paid order of the vendor', async () => {
    const finance = await createSubAccount(t, v.vendorId, [menu(PERM.accountList), menu(PERM.invoiceApply), [menu(PERM.orderList), 0]]);
    expect((await apply(finance.token, { orderNos: [await paidOrder(v.userId)] })).body.code).toBe(200);
    expect((await apply(v.token, { orderNos: [await paidOrder(finance.userId)] })).body.code).toBe(200);
  });
});
