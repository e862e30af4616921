import { API } from '@portal/domain/api-paths';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { PLATFORM_EXTRA_FEE_API } from '@portal/domain/extra-fees';
import { createOperator, createVendor, get, post, type TestApp } from '../../../test/helper';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';

// Test fixtures for extra fees: an order in service (施工中), walked there by the console.

type Op = { token: string };
const P = (op: Op) => ({ token: op.token, role: 'platform' });

export async function act(t: TestApp, op: Op, id: number, action: string, body: Record<string, unknown> = {}) {
  const r = await post(t, PLATFORM_ORDER_API.action(id, action as never), body, P(op));
  if (r.body.code !== 200) throw new Error(`${action}: ${r.body.msg}`);
}

/** A paid order of `token`'s vendor, dispatched, accepted, booked and checked in (status 500 施工中). */
export async function orderInService(t: TestApp, token: string, op: Op, productIds: number[], patch: Record<string, unknown> = {}) {
  const id = await addOrder(t, token, productIds, patch);
  const paid = await post(t, API.orderPay(id), {}, { token });
  if (paid.body.code !== 200) throw new Error(`pay: ${paid.body.msg}`);
  const masters = (await get(t, PLATFORM_ORDER_API.masters, P(op))).body.data;
  await act(t, op, id, 'dispatch', { masterId: masters[0].id });
  await act(t, op, id, 'accept');
  await act(t, op, id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  await act(t, op, id, 'checkIn');
  return id;
}

/** The console asks for an extra fee on the order (acting for the master). */
export const requestFee = (t: TestApp, op: Op, orderId: number, body: Record<string, unknown>) =>
  post(t, PLATFORM_EXTRA_FEE_API.ofOrder(orderId), { reason: 'height', note: '', photos: [], ...body }, P(op));

/** A funded vendor with one passed product (and its category), and a console operator: what every extra-fee test starts from. */
export async function extraFeeSetting(t: TestApp) {
  const v = await createVendor(t);
  const op = await createOperator(t);
  const prod = await createProduct(t, v.vendorId, v.userId);
  const category = (await t.db.selectFrom('products').select('category_id').where('id', '=', prod).executeTakeFirstOrThrow()).category_id;
  await fund(t, v.vendorId, 1_000_000);
  return { v, op, prod, category };
}
