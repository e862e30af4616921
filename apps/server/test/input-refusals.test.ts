import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { MSG } from '@portal/domain/messages';
import { INPUT_MSG, pageQuery, IDS_MAX } from '@portal/domain/validation';
import { productListQuery } from '@portal/domain/products';
import { orderListQuery } from '@portal/domain/orders';
import { addOrder, createProduct, fund, orderPayload } from '../src/modules/orders/orders.fixtures';
import { SAMPLE, upload } from './upload';
import { createOperator, createSubAccount, createVendor, get, post, smsCodeFor, startTestApp, type TestApp } from './helper';

// Issue 14, every finding as a case: Chinese refusals instead of validator English, and no HTTP
// 500 from input (on SQLite and PostgreSQL alike: run with TEST_DATABASE=postgres).

const CHINESE = /[\u4e00-\u9fff]/;
const ENGLISH = /Invalid|expected|received|Too small|Too big|object|string|number|boolean|nonoptional|array/;
let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let productId = 0;
let orderId = 0;

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  await fund(t, v.vendorId, 10_000_000);
  productId = await createProduct(t, v.vendorId, v.userId);
  orderId = await addOrder(t, v.token, [productId]);
});
afterAll(() => t?.close());

/** A refusal: HTTP 200, a business code other than 200 and 500, a Chinese message without English. */
function expectRefusal(r: { status: number; body: any }, msg?: string) {
  expect(r.status).toBe(200);
  expect(r.body.code).not.toBe(200);
  expect(r.body.code).not.toBe(500);
  expect(r.body.msg).toMatch(CHINESE);
  expect(r.body.msg).not.toMatch(ENGLISH);
  if (msg) expect(r.body.msg).toBe(msg);
}
function expectAnswer(r: { status: number; body: any }) {
  expect(r.status).toBe(200);
  expect(r.body.code).toBe(200);
}

describe('refusals in Chinese (no validator English)', () => {
  it('an array, a number or a string where an object belongs', async () => {
    const token = v.token;
    for (const body of [[], [1], 7, 'text', true, null]) {
      for (const path of [API.orderAdd, API.orderCancel, API.orderUrgent, API.productUpdate, API.loginMobile, API.register, API.sendCode]) {
        // null reads as an empty body (the first field's spec message); the rest are the wrong kind.
        expectRefusal(await post(t, path, body, { token }), body === null ? undefined : INPUT_MSG.badFormat);
      }
    }
  });

  it('a zero, negative or fractional id answers the spec or a Chinese message, never "Too small"', async () => {
    expectRefusal(await post(t, API.productUpdate, { id: 0 }, { token: v.token }));
    expectRefusal(await post(t, API.productUpdate, { id: -3, name: '张工' }, { token: v.token }));
    expectRefusal(await post(t, API.orderUrgent, { orderId: 1.5, urgentPrice: '10', urgentType: 1 }, { token: v.token }), '订单不存在');
    expectRefusal(await post(t, API.orderAdd, orderPayload([0]), { token: v.token }), '请选择产品');
  });

  it('a wrong type of a field answers a Chinese message', async () => {
    expectRefusal(await post(t, API.sendCode, { phone: v.phone, code: 'abcd', uuid: 'x', type: [] }));
    expectRefusal(await post(t, API.orderAdd, { ...orderPayload([productId]), realName: ['李雷'] }, { token: v.token }));
    expectRefusal(await post(t, '/api/app/order/marker', { orderId, markerType: { a: 1 } }, { token: v.token }));
    expectRefusal(await post(t, '/api/app/information/audit', { orderId, audit: 2, reason: false }, { token: v.token }));
  });

  it('isSubAccount as 0/1 or a boolean on both logins', async () => {
    const sub = await createSubAccount(t, v.vendorId);
    for (const flag of [false, 0, '0', undefined]) {
      expectAnswer(await post(t, API.login, { phone: v.phone, password: v.password, isSubAccount: flag }));
    }
    for (const flag of [true, 1, '1']) {
      expectAnswer(await post(t, API.login, { account: sub.account, password: sub.password, isSubAccount: flag }));
    }
    for (const flag of [undefined, 0, 1, false, true]) {
      // One vendor per try: a phone may ask for one code a minute.
      const w = await createVendor(t);
      const code = await smsCodeFor(t, w.phone, 'login');
      const r = await post(t, API.loginMobile, { phone: w.phone, captcha: code, isSubAccount: flag });
      // The main account logs in by its phone; as a sub-account the phone belongs to no sub-account.
      if (!flag) expectAnswer(r);
      else expectRefusal(r);
    }
  });
});

describe('no HTTP 500 from input', () => {
  it('order list label=__proto__ / constructor / toString filters nothing', async () => {
    for (const label of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '加急,__proto__']) {
      const r = await get(t, API.orderList, { token: v.token, query: { label } });
      expectAnswer(r);
    }
    const all = await get(t, API.orderList, { token: v.token, query: { label: '__proto__' } });
    expect(all.body.total).toBeGreaterThan(0);
  });

  it('an urgent or praise price of "99999999999999999999999"', async () => {
    const huge = '99999999999999999999999';
    expectRefusal(await post(t, API.orderUrgent, { orderId, urgentPrice: huge, urgentType: 1 }, { token: v.token }), INPUT_MSG.amountTooLarge);
    expectRefusal(await post(t, API.orderAdd, orderPayload([productId], { urgentFlag: '1', urgentType: 1, urgentPrice: huge }), { token: v.token }), INPUT_MSG.amountTooLarge);
    expectRefusal(await post(t, API.orderAdd, orderPayload([productId], { praiseFlag: '1', praisePrice: huge }), { token: v.token }), INPUT_MSG.amountTooLarge);
  });

  it('products/list?minPrice=1e300 (and maxPrice, -1e300)', async () => {
    for (const q of [{ minPrice: '1e300' }, { maxPrice: '1e300' }, { minPrice: '-1e300' }, { minPrice: 'Infinity' }]) {
      expectAnswer(await get(t, API.productList, { token: v.token, query: q }));
    }
  });

  it('quicklyOrder?pageSize=1.5 (and other sizes)', async () => {
    for (const pageSize of ['1.5', '-1', '1e300', '2147483648', 'abc']) {
      const r = await get(t, API.quicklyOrder, { token: v.token, query: { pageSize } });
      expectAnswer(r);
      expect(r.body.rows.length).toBeLessThanOrEqual(100);
    }
  });

  it('a NUL byte or a control character in a text field, a query or a path is refused', async () => {
    const nul = 'a\u0000b';
    expectRefusal(await post(t, API.orderAdd, orderPayload([productId], { realName: nul }), { token: v.token }), INPUT_MSG.illegalText);
    expectRefusal(await post(t, API.orderAdd, orderPayload([productId], { remarks: 'x\u0007' }), { token: v.token }), INPUT_MSG.illegalText);
    expectRefusal(await post(t, '/api/app/order/reminder', { orderId, reminderContent: nul }, { token: v.token }), INPUT_MSG.illegalText);
    expectRefusal(await post(t, API.login, { phone: v.phone, password: nul, isSubAccount: false }), INPUT_MSG.illegalText);
    expectRefusal(await get(t, API.orderList, { token: v.token, query: { keyWords: nul } }), INPUT_MSG.illegalText);
    expectRefusal(await get(t, '/api/app/config/a%00b'), INPUT_MSG.illegalText);
    expectRefusal(await post(t, API.orderAdd, { ...orderPayload([productId]), ['k\u0000']: 1 }, { token: v.token }), INPUT_MSG.illegalText);
    // An uploaded file's name keeps no control character (it is stored as the original name).
    const up = await upload(t, v.token, { name: '执照\u0000\u0007.png', content: SAMPLE.png }, 'license');
    expectAnswer(up);
    expect(up.body.data!.fileName).toBe('执照__.png');
    // A textarea may send line breaks and tabs.
    expectAnswer(await post(t, API.orderAdd, orderPayload([productId], { remarks: '第一行\n第二行\t完' }), { token: v.token }));
  });

  it('ids, status or node of 2^31 and more; agreement id 9007199254740993', async () => {
    for (const id of ['2147483648', '4294967296', '9007199254740993', '99999999999999999999']) {
      const r = await get(t, API.order(id), { token: v.token });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(404);
      expect((await get(t, API.agreement(id))).body.code).toBe(404);
      expect((await get(t, `/api/app/afterSales/${id}`, { token: v.token })).body.code).toBe(404);
    }
    expectRefusal(await post(t, API.orderUrgent, { orderId: 2 ** 31, urgentPrice: '10', urgentType: 1 }, { token: v.token }), '订单不存在');
    expectRefusal(await post(t, '/api/app/order/reminder', { orderId: 4294967296, reminderContent: '快' }, { token: v.token }), '订单不存在');
    expectRefusal(await post(t, API.orderAdd, orderPayload([2 ** 31]), { token: v.token }), '请选择产品');
    expectAnswer(await get(t, API.orderList, { token: v.token, query: { status: '2147483648', node: '-1,2147483648' } }));
    expectAnswer(await get(t, API.afterSaleList, { token: v.token, query: { status: '2147483648' } }));
    const op = await createOperator(t);
    expect((await get(t, '/api/platform/orders/2147483648', { token: op.token, role: 'platform' })).body.code).toBe(404);
    expect((await post(t, '/api/platform/wallet/recharges/2147483648/confirm', {}, { token: op.token, role: 'platform' })).body.code).toBe(404);
    expectRefusal(await post(t, '/api/app/products/delete/2147483648', {}, { token: v.token }));
  });

  it('an over-long login name (the failure counter keeps 80 characters)', async () => {
    const long = 'x'.repeat(500);
    expectRefusal(await post(t, API.login, { account: long, password: 'secret123', isSubAccount: 1 }), MSG.accountLength);
    expectRefusal(await post(t, '/api/platform/login', { account: long, password: 'secret123' }, { role: 'platform' }), '账号或密码错误');
  });

  it(`listOrderId on the export and ids on batch cancel: at most ${IDS_MAX}`, async () => {
    const many = Array.from({ length: IDS_MAX + 1 }, (_, i) => i + 1);
    expectRefusal(await post(t, API.orderExport, { listOrderId: many }, { token: v.token }), INPUT_MSG.tooManyIds);
    expectRefusal(await post(t, API.orderExport, { listOrderId: many.join(',') }, { token: v.token }), INPUT_MSG.tooManyIds);
    expectRefusal(await post(t, API.orderCancel, { ids: many, closeRemark: '不要了' }, { token: v.token }), INPUT_MSG.tooManyIds);
    const r = await post(t, API.orderExport, { listOrderId: [orderId] }, { token: v.token });
    expect(r.status).toBe(200);
    expect(String(r.res.headers['content-type'])).not.toContain('json');
  });

  it('a path parameter over the router’s length bound or a malformed URL answers the envelope in Chinese', async () => {
    // Fastify's own answers were HTTP 414 / 400 with English JSON (FST_ERR_MAX_PARAM_LENGTH, FST_ERR_BAD_URL).
    expectRefusal(await post(t, API.productDelete('1,'.repeat(6000) + '1'), {}, { token: v.token }));
    expectRefusal(await post(t, `/api/app/user/deleteSubAccounts/${'9'.repeat(12_000)}`, {}, { token: v.token }));
    const bad = await t.app.inject({ method: 'GET', url: '/api/app/order/%E0%A4%A' });
    expectRefusal({ status: bad.statusCode, body: bad.json() });
  });

  it('page size at most 100, except the product picker’s 9999', () => {
    expect(pageQuery.parse({ pageSize: '9999' }).pageSize).toBe(10);
    expect(pageQuery.parse({ pageSize: '100' }).pageSize).toBe(100);
    expect(orderListQuery.parse({ pageSize: '101' }).pageSize).toBe(50);
    expect(productListQuery.parse({ pageSize: '9999' }).pageSize).toBe(9999);
    expect(productListQuery.parse({ pageSize: '10000' }).pageSize).toBe(10);
  });

  it('the product picker asks for 9999 rows and gets them', async () => {
    const r = await get(t, API.productList, { token: v.token, query: { isCheck: 1, pageSize: 9999, pageNum: 1 } });
    expectAnswer(r);
    expect(r.body.rows.length).toBeGreaterThan(0);
  });
});

describe('the zh-CN locale', () => {
  it('a body nested past 32 levels or of more than 50,000 values is refused before it is parsed, signed or not (decision 284)', async () => {
    const deep = `{"orderId":${orderId},"x":${'['.repeat(900_000)}${']'.repeat(900_000)}}`;
    const wide = `{${Array.from({ length: 150_000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    const send = (body: string, signed: boolean, path: string = API.orderUrgent) => {
      const timestamp = String(freshTimestamp());
      const headers: Record<string, string> = { role: 'manufacturer', timestamp, token: v.token, 'content-type': 'application/json' };
      if (signed) headers.signature = sign(t.config.SIGN_KEY, { method: 'POST', path, rawQuery: '', timestamp, token: v.token, body });
      return t.app.inject({ method: 'POST', url: path, headers, payload: body });
    };
    for (const signed of [false, true]) {
      for (const [body, msg] of [[deep, MSG.apiError], [wide, MSG.requestTooLarge]] as const) {
        const r = await send(body, signed);
        expectRefusal({ status: r.statusCode, body: r.json() }, msg);
        expect(r.json().code).toBe(400);
      }
      // an unknown route too: Fastify parses the body before its 404
      expect((await send(deep, signed, '/api/app/no-such-route')).json()).toMatchObject({ code: 400, msg: MSG.apiError });
    }
    // within both: parsed and answered by the route (its own refusal of the unknown keys' missing fields)
    const nested = `{"orderId":${orderId},"x":${'['.repeat(30)}1${']'.repeat(30)},"y":[${Array.from({ length: 40_000 }, () => '1').join(',')}]}`;
    const within = await send(nested, true);
    expect(within.json().msg).not.toBe(MSG.apiError);
    expect(within.json().msg).not.toBe(MSG.requestTooLarge);
  });

  it('zod writes its own messages in Chinese', async () => {
    const { z } = await import('zod');
    expect(z.object({ a: z.number().positive() }).safeParse([]).error!.issues[0]!.message).toMatch(CHINESE);
    expect(z.number().positive().safeParse(0).error!.issues[0]!.message).toMatch(CHINESE);
    expect(z.object({ a: z.number() }).safeParse([]).error!.issues[0]!.message).toBe(INPUT_MSG.badFormat);
    expect(z.enum(['a', 'b']).safeParse('c').error!.issues[0]!.message).toBe(INPUT_MSG.badOption);
    expect(z.string().max(3).safeParse('abcd').error!.issues[0]!.message).toBe('最多输入3个字符');
    expect(z.number().positive().safeParse(0).error!.issues[0]!.message).toBe('必须大于0');
    expect(z.array(z.number()).max(2).safeParse([1, 2, 3]).error!.issues[0]!.message).toBe('最多选择2项');
    for (const [schema, value] of [[z.string().regex(/^a$/), 'b'], [z.number().int(), 1.5], [z.coerce.number(), 'x'], [z.union([z.string(), z.number()]), {}]] as const) {
      const msg = (schema as ZodType).safeParse(value).error!.issues[0]!.message;
      expect(msg).toMatch(CHINESE);
      expect(msg).not.toMatch(ENGLISH);
    }
    expect(MSG.apiError).toMatch(CHINESE);
  });
});
