import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { PLATFORM_ACTION_NAMES } from '@portal/domain/orders-platform';
import * as V from '@portal/domain/validation';
import { INPUT_MSG } from '@portal/domain/validation';
import * as O from '@portal/domain/orders';
import * as OP from '@portal/domain/orders-platform';
import * as P from '@portal/domain/products';
import * as W from '@portal/domain/wallet';
import * as A from '@portal/domain/accounts';
import * as AS from '@portal/domain/after-sales';
import * as K from '@portal/domain/knowledge';
import { createSession } from '../src/modules/access/access.repository';
import { hashPassword } from '../src/lib/passwords';
import { nowIso } from '../src/lib/time';
import { addOrder, createProduct, fund, REGION, orderPayload } from '../src/modules/orders/orders.fixtures';
import { startTestApp, nextPhone, type TestApp } from './helper';
import { recordApiRoutes, type ApiRoute } from './fuzz-routes';
import { isDocsRoute } from '../src/plugins/openapi';
import { nastyBody, nastyQuery, nastySegment, toJson } from './fuzz-inputs';

// Property-based fuzz over every /api route of the real app (issue 14): hostile bodies, queries and
// path segments, sent signed as the web client sends them. For every case: no HTTP 500, no body
// code 500, a refusal's message is Chinese, and a refused call leaves the key tables unchanged.
// FUZZ_RUNS cases per route (a CI sample by default; FUZZ_RUNS=1000 for the nightly size).

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const CHINESE = /[\u4e00-\u9fff]/;

let t: TestApp;
let routes: ApiRoute[] = [];
const fx = { phone: '', vendorId: 0, userId: 0, token: '', opToken: '', productId: 0, orderId: 0 };

async function newVendor() {
  const phone = nextPhone();
  const now = nowIso();
  const v = await t.db.insertInto('vendors').values({ company: `模糊测试${phone.slice(-4)}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const u = await t.db
    .insertInto('users')
    .values({ vendor_id: v.id, is_sub: 0, phone, name: '测试', password_hash: await hashPassword('secret123'), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  Object.assign(fx, { phone, vendorId: v.id, userId: u.id, token: await createSession(t.db, 'vendor', u.id, v.id) });
  await fund(t, v.id, 100_000_000);
  fx.productId = await createProduct(t, v.id, u.id);
  fx.orderId = await addOrder(t, fx.token, [fx.productId]);
}

async function newOperatorSession() {
  const account = `fz${Math.random().toString(36).slice(2, 8)}`;
  const op = await t.db.insertInto('operators').values({ account, name: '模糊测试', password_hash: await hashPassword('secret123'), created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  fx.opToken = await createSession(t.db, 'platform', op.id, null);
}

/** Row counts and sums of the tables a write would touch: equal before and after a refused call. */
async function checksum() {
  const r = await sql<Record<string, unknown>>`select
    (select count(*) from orders) as o, (select coalesce(sum(status * 1000 + node), 0) from orders) as st,
    (select count(*) from order_products) as op, (select count(*) from order_reminders) as rm,
    (select count(*) from account_records) as ar, (select coalesce(sum(balance_fen), 0) from vendors) as bal,
    (select count(*) from vendors where closed_at is null) as v, (select count(*) from users where deleted_at is null) as u,
    (select count(*) from user_menus) as um, (select count(*) from products) as p, (select count(*) from after_sales) as a,
    (select count(*) from knowledge_items) as k`.execute(t.db);
  return Object.values(r.rows[0]!).map(String).join(',');
}

/** A sample of a valid body or query per route: the base of the near-valid variants. */
function validBody(r: ApiRoute): Record<string, unknown> | null {
  const S: Record<string, Record<string, unknown>> = {
    'POST /api/login': { phone: fx.phone, password: 'wrong-pass', isSubAccount: 0 },
    'POST /api/login/mobile': { phone: fx.phone, captcha: '123456', isSubAccount: 0 },
    'POST /api/sendCode': { phone: fx.phone, code: 'abcd', uuid: 'x', type: 'login' },
    'POST /api/register': { phone: nextPhone(), captcha: '123456', company: '公司', password: 'secret123' },
    'POST /api/update/forget': { phone: fx.phone, captcha: '123456', password: 'secret123' },
    'POST /api/app/order/add': orderPayload([fx.productId], { doorTime: '', remarks: '备注', urgentPrice: '5', praisePrice: '3' }),
    'POST /api/app/order/cancel': { ids: [fx.orderId], closeRemark: '不要了' },
    'POST /api/app/order/customer/modify': { orderId: fx.orderId, realName: '韩梅梅', phone: '13912345679', ...REGION, detailAddress: '莲花南路1号' },
    'POST /api/app/order/orderUrgent': { orderId: fx.orderId, urgentPrice: '10', urgentType: 1 },
    'POST /api/app/order/reminder': { orderId: fx.orderId, reminderContent: '请尽快' },
    'POST /api/app/order/marker': { orderId: fx.orderId, markerType: 'red', markerValue: '标记' },
    'POST /api/app/order/export': { listOrderId: [fx.orderId], status: '-1' },
    'POST /api/app/submission/add': { orderId: fx.orderId, materialSubmissionId: 1, company: '顺丰', trackingNum: 'SF1', phone: '13912345678' },
    'POST /api/app/information/audit': { orderId: fx.orderId, audit: 2, reason: '不通过' },
    'POST /api/app/products': { categoryId: 10101, modelName: 'KFR-1', productPicture: '', installation: '100', repair: '50', name: '张工', phone: '13912345678' },
    'POST /api/app/products/update': { id: fx.productId, name: '张工', phone: '13912345678' },
    'POST /api/app/recordss': { rechargeAmount: 100, credentials: '/files/recharge/a.png', remarks: '' },
    'POST /api/app/records/export': { changeType: 1, paymentType: 1 },
    'POST /api/app/afterSales/application': { orderId: fx.orderId, type: 1, money: '10', reasons: ['其他'], description: '说明', voucher: [] },
    'POST /api/app/user/addSubAccounts': { name: '张三', account: 'zhangsan', password: 'secret123', phone: '' },
    'POST /api/app/user/upSubAccounts': { id: fx.userId, name: '张三', account: 'zhangsan', password: 'secret123', phone: '' },
    'POST /api/app/user/editManufacturerInfo': { company: '公司', contacts: '张三', phone: '13912345678' },
    'POST /api/app/base': { title: '说明书', fileUrl: '/files/knowledge/a.pdf' },
    'POST /api/app/base/edit': { id: 1, title: '说明书', fileUrl: '/files/knowledge/a.pdf' },
    'POST /api/app/base/download': { ids: [1] },
    'POST /api/app/completion/download': { picIds: [1], orderIds: [fx.orderId] },
    'POST /api/update/pass': { captcha: '123456', password: 'secret123' },
    'POST /api/update/changePhone': { captcha: '123456', newCaptcha: '123456', newPhone: nextPhone() },
    'POST /api/platform/login': { account: 'admin', password: 'wrong-pass' },
    'POST /api/platform/wallet/adjust': { vendorId: fx.vendorId, paymentType: 5, amount: '1', reason: '调整' },
    'POST /api/platform/products/pass': { id: fx.productId, guideInstallation: '150' },
    'POST /api/platform/products/reject': { id: fx.productId, reason: '不通过' },
  };
  return S[`${r.method} ${r.url}`] ?? null;
}

function validQuery(r: ApiRoute): Record<string, string> | null {
  const S: Record<string, Record<string, string>> = {
    'GET /api/app/order/list': { label: '', status: '-1', node: '', keyWords: '', pageNum: '1', pageSize: '10' },
    'GET /api/app/products/list': { minPrice: '1', maxPrice: '100', keywords: 'KFR', pageNum: '1', pageSize: '10' },
    'GET /api/app/order/quicklyOrder': { pageSize: '14' },
    'GET /api/app/records/list': { changeType: '1', paymentType: '1', pageNum: '1', pageSize: '10' },
    'GET /api/app/afterSales/list': { status: '0', keyword: '', pageNum: '1', pageSize: '10' },
    'GET /api/app/completion/list': { pageNum: '1', pageSize: '10' },
    'GET /api/app/order/logistics': { orderId: String(fx.orderId) },
    'GET /api/app/application/list': { orderId: String(fx.orderId) },
    'GET /api/app/praise/audit': { orderId: String(fx.orderId), audit: '1' },
    'GET /api/app/service/list': { serviceType: '1' },
    'GET /api/app/dealerOutlet/exitsDealerOutletByDistrictId': { districtId: '310112' },
    'GET /api/platform/orders/list': { status: '100', pageNum: '1', pageSize: '10' },
    'GET /api/platform/masters/list': { cityCode: '310100', districtCode: '310112', serviceType: '1' },
    'GET /api/platform/wallet/recharges': { pageNum: '1', pageSize: '10' },
  };
  return S[`${r.method} ${r.url}`] ?? null;
}

/** Every field name the domain's object schemas know: the keys worth spoiling. */
function schemaKeys(): string[] {
  const keys = new Set<string>(['id', 'ids', 'orderId', 'pageNum', 'pageSize', 'status', 'node', 'label', 'type']);
  for (const mod of [V, O, OP, P, W, A, AS, K] as Array<Record<string, unknown>>) {
    for (const v of Object.values(mod)) {
      const shape = (v as { shape?: unknown; _zod?: { def?: { shape?: unknown; in?: { shape?: unknown } } } })?._zod?.def;
      const s = (shape?.shape ?? shape?.in?.shape) as Record<string, unknown> | undefined;
      if (s && typeof s === 'object') for (const k of Object.keys(s)) keys.add(k);
    }
  }
  return [...keys];
}

/** The route's own field names as often as all the others together. */
function weighted(own: string[], all: string[]) {
  if (!own.length) return all;
  return [...Array.from({ length: Math.ceil(all.length / own.length) }, () => own).flat(), ...all];
}

function segments(r: ApiRoute) {
  return (r.url.match(/:[A-Za-z]+|\*/g) ?? []).map((name) => {
    if (name === ':action') return nastySegment([...PLATFORM_ACTION_NAMES]);
    if (name === ':key') return nastySegment(['about', 'kefu']);
    if (name === ':flag' || name === ':type') return nastySegment(['0', '1', '2']);
    return nastySegment([String(fx.orderId), String(fx.productId), String(fx.userId), String(fx.vendorId), `${fx.productId},${fx.productId}`]);
  });
}

async function send(r: ApiRoute, path: string, query: Array<[string, string]>, body: unknown) {
  const platform = r.url.startsWith('/api/platform');
  const token = r.access === 'public' ? '' : platform ? fx.opToken : fx.token;
  const rawQuery = new URLSearchParams(query).toString();
  const payload = r.method === 'GET' ? '' : toJson(body);
  const timestamp = String(freshTimestamp());
  const headers: Record<string, string> = { role: platform ? 'platform' : 'manufacturer', timestamp, token };
  headers.signature = sign(t.config.SIGN_KEY, { method: r.method, path, rawQuery, timestamp, token, body: payload });
  if (payload) headers['content-type'] = 'application/json';
  const res = await t.app.inject({ method: r.method as 'GET' | 'POST', url: rawQuery ? `${path}?${rawQuery}` : path, headers, payload: payload || undefined });
  let json: { code?: number; msg?: string } | null = null;
  if (String(res.headers['content-type'] ?? '').includes('json')) json = res.json();
  return { status: res.statusCode, json };
}

const stats = { cases: 0, accepted: 0 };
/** FUZZ_REPORT=1: every distinct refusal per route, printed at the end (to review the texts). */
const messages = new Set<string>();

beforeAll(async () => {
  const rec = recordApiRoutes();
  try {
    t = await startTestApp();
  } finally {
    rec.stop();
  }
  // The development outbox, and the API's own documents (static, no input, not an envelope).
  routes = rec.routes.filter((r) => !r.url.startsWith('/api/dev') && !isDocsRoute(r.url));
  await newVendor();
  await newOperatorSession();
});
afterAll(async () => {
  console.log(`fuzz (${t.config.isPostgres ? 'PostgreSQL' : 'SQLite'}): ${routes.length} routes, ${stats.cases} cases (${stats.accepted} accepted), ${RUNS} runs per route`);
  if (process.env.FUZZ_REPORT) console.log([...messages].sort().join('\n'));
  await t?.close();
});

describe('fuzz: every /api route, hostile input', () => {
  it('enumerates the real routes', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.url === '/api/app/order/add')).toBe(true);
  });

  it(`answers no 500, a Chinese refusal and no write from a refused call (${RUNS} runs per route)`, { timeout: 3_600_000 }, async () => {
    const keys = schemaKeys();
    const failures: string[] = [];
    for (const r of routes) {
      const vb = validBody(r);
      const vq = validQuery(r);
      const qKeys = weighted(Object.keys(vq ?? {}), keys);
      const arb = fc.record({
        segs: fc.tuple(...segments(r)),
        query: nastyQuery(qKeys, vq),
        body: r.method === 'GET' ? fc.constant(undefined) : nastyBody(weighted(Object.keys(vb ?? {}), keys), vb),
      });
      let before = await checksum();
      const property = fc.asyncProperty(arb, async ({ segs, query, body }) => {
        let i = 0;
        const path = r.url.replace(/:[A-Za-z]+|\*/g, () => segs[i++] ?? '');
        const res = await send(r, path, query, body);
        stats.cases++;
        const where = `${r.method} ${path}?${new URLSearchParams(query)} ${r.method === 'GET' ? '' : toJson(body).slice(0, 300)}`;
        if (res.status >= 500 || res.json?.code === 500) throw new Error(`HTTP ${res.status} code ${res.json?.code}: ${where}`);
        if (res.json?.msg === INPUT_MSG.outOfRange) throw new Error(`reached the database unchecked: ${where}`);
        const refused = res.json !== null && res.json.code !== 200;
        if (refused && !CHINESE.test(String(res.json!.msg))) throw new Error(`not Chinese: ${JSON.stringify(res.json!.msg)} from ${where}`);
        const after = await checksum();
        if (refused && after !== before) throw new Error(`refused (${res.json!.msg}) yet wrote: ${before} → ${after}: ${where}`);
        if (!refused) stats.accepted++;
        else if (process.env.FUZZ_REPORT) messages.add(`${r.method} ${r.url}: ${res.json!.msg}`);
        before = after;
        if (res.json?.code === 401 && r.access !== 'public') {
          // The call ended the session (quit, logoff, phone change…): start a fresh one.
          if (r.url.startsWith('/api/platform')) await newOperatorSession();
          else await newVendor();
          before = await checksum();
        }
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      } catch (e) {
        const cause = (e as { cause?: Error }).cause;
        const replay = /\{ seed: [^}]*\}/.exec((e as Error).message)?.[0] ?? '';
        failures.push(`${r.method} ${r.url}: ${(cause?.message ?? (e as Error).message).slice(0, 600)} ${replay}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
