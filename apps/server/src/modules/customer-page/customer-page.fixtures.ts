import { API } from '@portal/domain/api-paths';
import { CUSTOMER_API, CUSTOMER_LINK_HEADER } from '@portal/domain/customer-page';
import { sign } from '@portal/domain/signature';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { call, createOperator, createVendor, get, nextPhone, post, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { publicUrlOf } from '../../config';
import { sendPendingLinks } from './link-sender';

// Test fixtures of the customer's page: a vendor with orders walked by the console, the link read
// from the SMS the development outbox holds, and calls signed as the page signs them.

export type Vendor = Awaited<ReturnType<typeof createVendor>>;
export type Operator = Awaited<ReturnType<typeof createOperator>>;

export async function customerWorld(t: TestApp, company?: string) {
  const v = await createVendor(t, { company });
  const op = await createOperator(t);
  const product = await createProduct(t, v.vendorId, v.userId, { model: `KFR-${v.vendorId}-MODEL` });
  await fund(t, v.vendorId, 1_000_000);
  const masterId = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0].id as number;
  return { v, op, product, masterId };
}
export type World = Awaited<ReturnType<typeof customerWorld>>;

/** The console acts on the order; answers the envelope. */
export const act = (t: TestApp, w: World, id: number, action: string, body: Record<string, unknown> = {}) =>
  post(t, PLATFORM_ORDER_API.action(id, action as never), body, { token: w.op.token, role: 'platform' });

export async function mustAct(t: TestApp, w: World, id: number, action: string, body: Record<string, unknown> = {}) {
  const r = await act(t, w, id, action, body);
  if (r.body.code !== 200) throw new Error(`${action}: ${r.body.msg}`);
}

/** A paid order with its own customer phone, dispatched to a master. */
export async function dispatchedOrder(t: TestApp, w: World, patch: Record<string, unknown> = {}) {
  const phone = nextPhone();
  const id = await addOrder(t, w.v.token, [w.product], { phone, detailAddress: '莲花南路1500弄3号801室', ...patch });
  const paid = await post(t, API.orderPay(id), {}, { token: w.v.token });
  if (paid.body.code !== 200) throw new Error(`pay: ${paid.body.msg}`);
  await mustAct(t, w, id, 'dispatch', { masterId: w.masterId });
  return { id, phone };
}

/** The texts the log sender put in the outbox for `phone`, newest first. */
export const smsTo = async (t: TestApp, phone: string) =>
  (await t.db.selectFrom('sms_outbox').select('content').where('phone', '=', phone).orderBy('id', 'desc').execute()).map((r) => r.content);

/** The token of the newest link texted to `phone` (after the pending links were sent). */
export async function linkTokenFor(t: TestApp, phone: string) {
  await sendPendingLinks(t.db, t.app.sms, publicUrlOf(t.config));
  const text = (await smsTo(t, phone)).find((c) => c.includes('/c#'));
  const token = /\/c#([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no link texted to ${phone}`);
  return token;
}

/** A call of the customer's page: signed like every call, the link's token in its header. */
export const customerCall = (t: TestApp, method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
  call(t, method, path, method === 'POST' ? (body ?? {}) : undefined, { headers: { [CUSTOMER_LINK_HEADER]: token } });

/** An order walked by the console until the master's completion request (with the override reason). */
export async function completedOrder(t: TestApp, w: World, opts: { confirm?: boolean } = {}) {
  const o = await dispatchedOrder(t, w);
  await mustAct(t, w, o.id, 'accept');
  await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  await mustAct(t, w, o.id, 'checkIn');
  const code = (await t.db.selectFrom('visit_codes').select('code').where('order_id', '=', o.id).executeTakeFirstOrThrow()).code;
  await mustAct(t, w, o.id, 'requestCompletion', { pictures: [{ fileUrl: await consolePicture(t, w) }], visitCode: code });
  if (opts.confirm) {
    const r = await post(t, API.orderConfirmation(o.id), {}, { token: w.v.token });
    if (r.body.code !== 200) throw new Error(`confirm: ${r.body.msg}`);
  }
  return o;
}

export const consolePicture = async (t: TestApp, w: World) =>
  (await upload(t, w.op.token, { name: 'done.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl;

/** A photo uploaded through the customer's page (multipart, signed with the empty body hash). */
export async function customerUpload(t: TestApp, token: string, file: { name: string; content: Buffer }) {
  const boundary = `----customer${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const timestamp = String(Date.now());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: CUSTOMER_API.upload, rawQuery: '', timestamp, token: '', body: '' });
  const res = await t.app.inject({
    method: 'POST',
    url: CUSTOMER_API.upload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, role: 'manufacturer', timestamp, token: '', signature, [CUSTOMER_LINK_HEADER]: token },
    payload,
  });
  return res.json() as { code: number; msg: string; data: { fileUrl: string; url: string } | null };
}
