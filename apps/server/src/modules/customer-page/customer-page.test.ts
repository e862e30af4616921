import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { CUSTOMER_API, CUSTOMER_MSG, LINK_TOKEN_PATTERN, VISIT_CODE_ATTEMPTS } from '@portal/domain/customer-page';
import { get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { hashToken } from '../../lib/passwords';
import { RATE_LIMITED } from '../../plugins/rate-limit';
import { publicUrlOf } from '../../config';
import { sendPendingLinks } from './link-sender';
import {
  act,
  completedOrder,
  consolePicture,
  customerCall,
  customerUpload,
  customerWorld,
  dispatchedOrder,
  linkTokenFor,
  mustAct,
  smsTo,
  type World,
} from './customer-page.fixtures';

// Issue 47: the end customer's page of an order, against the real app on SQLite and PostgreSQL.

let t: TestApp;
let w: World;
let other: World;
let ratedId = 0;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '0', PUBLIC_URL: 'https://portal.example.com' });
  w = await customerWorld(t, '美的空调售后');
  other = await customerWorld(t, '格力电器');
}, 60_000);
afterAll(async () => t?.close());

const view = (token: string) => customerCall(t, 'GET', CUSTOMER_API.view, token);
const service = (id: number, world = w) => get(t, CUSTOMER_API.service(id), { token: world.v.token });

describe('the link', () => {
  it('is texted to the customer when the order is dispatched: 128-bit token, only its hash stored, sent once', async () => {
    const { id, phone } = await dispatchedOrder(t, w);
    expect(await smsTo(t, phone)).toEqual([]); // sent after commit by the sender, not inside the dispatch
    const token = await linkTokenFor(t, phone);
    expect(token).toMatch(LINK_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const [sms] = await smsTo(t, phone);
    expect(sms).toContain(`https://portal.example.com/c#${token}`);
    expect(sms).toContain('美的空调售后');

    const row = await t.db.selectFrom('customer_links').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'sent', token_hash: hashToken(token), phone, sends: 1 });
    expect(JSON.stringify(row)).not.toContain(token);

    // Another round (another process) sends nothing more.
    expect(await sendPendingLinks(t.db, t.app.sms, publicUrlOf(t.config))).toBe(0);
    expect((await smsTo(t, phone)).filter((c) => c.includes('/c#'))).toHaveLength(1);
    expect((await view(token)).body).toMatchObject({ code: 200, data: { orderNo: expect.any(String), merchant: '美的空调售后' } });
  });

  it('a wrong, malformed, revoked or expired token reveals nothing: the same refusal, no data', async () => {
    const { id, phone } = await dispatchedOrder(t, w);
    const token = await linkTokenFor(t, phone);
    const refused = { code: 400, msg: CUSTOMER_MSG.linkInvalid, data: null };
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, '', 'x', `${token}x`, "' or 1=1 --"]) expect((await view(bad)).body, bad).toEqual(refused);
    expect((await customerCall(t, 'POST', CUSTOMER_API.confirm, wrong)).body).toEqual(refused);

    // Revoked by the merchant: the link dies at once.
    expect((await post(t, CUSTOMER_API.revoke(id), {}, { token: w.v.token })).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.linkRevoked });
    expect((await view(token)).body).toEqual(refused);
    expect((await service(id)).body.data.link).toMatchObject({ state: 'revoked', stateName: '已作废' });

    // Re-sent: a new token; the old one stays dead; a second send within a minute is refused.
    expect((await post(t, CUSTOMER_API.resend(id), {}, { token: w.v.token })).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.linkSent });
    const fresh = /\/c#([A-Za-z0-9_-]+)/.exec((await smsTo(t, phone))[0]!)![1]!;
    expect(fresh).not.toBe(token);
    expect((await view(fresh)).body.code).toBe(200);
    expect((await view(token)).body).toEqual(refused);
    expect((await post(t, CUSTOMER_API.resend(id), {}, { token: w.v.token })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.resendTooSoon });
    expect((await service(id)).body.data.link).toMatchObject({ state: 'sent', sends: 2 });

    // Ended (cancelled) 31 days ago: expired; 29 days ago: still good.
    await t.db.updateTable('customer_links').set({ ends_at: new Date(Date.now() - 31 * 86400_000).toISOString() }).where('order_id', '=', id).execute();
    expect((await view(fresh)).body).toEqual(refused);
    expect((await service(id)).body.data.link.state).toBe('expired');
    await t.db.updateTable('customer_links').set({ ends_at: new Date(Date.now() - 29 * 86400_000).toISOString() }).where('order_id', '=', id).execute();
    expect((await view(fresh)).body.code).toBe(200);
  });

  it('runs 30 days from the order’s end: completion sets it, after-sales stops it', async () => {
    const o = await completedOrder(t, w, { confirm: true });
    const endsAt = async () => (await t.db.selectFrom('customer_links').select('ends_at').where('order_id', '=', o.id).executeTakeFirstOrThrow()).ends_at;
    expect(await endsAt()).not.toBeNull();
    const until = (await service(o.id)).body.data.link.validUntil as string;
    expect(Date.parse(until.replace(' ', 'T') + '+08:00') - Date.now()).toBeGreaterThan(29.9 * 86400_000);
  });

  it('shows that order only: a token of vendor A’s order reveals nothing of vendor B, and B’s merchant cannot read A’s', async () => {
    const a = await dispatchedOrder(t, w);
    const b = await dispatchedOrder(t, other, { realName: '王二小', detailAddress: '格力路9号' });
    const tokenA = await linkTokenFor(t, a.phone);
    const seen = JSON.stringify((await view(tokenA)).body);
    const bNo = (await t.db.selectFrom('orders').select('order_no').where('id', '=', b.id).executeTakeFirstOrThrow()).order_no;
    for (const leak of [bNo, '格力', '王二小', b.phone]) expect(seen).not.toContain(leak);
    expect((await service(a.id, other)).body.code).toBe(404);
    expect((await post(t, CUSTOMER_API.resend(a.id), {}, { token: other.v.token })).body.code).toBe(404);
    expect((await post(t, CUSTOMER_API.revoke(a.id), {}, { token: other.v.token })).body.code).toBe(404);
  });
});

describe('the page', () => {
  it('tells the customer the service, a timeline in their words, the master’s surname, masked phone and address — never prices', async () => {
    const o = await dispatchedOrder(t, w);
    const token = await linkTokenFor(t, o.phone);
    await mustAct(t, w, o.id, 'accept');
    await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    const r = (await view(token)).body;
    expect(r.code).toBe(200);
    const d = r.data;
    expect(d).toMatchObject({ merchant: '美的空调售后', serviceName: '安装', status: 400, stage: '待师傅上门' });
    expect(d.products[0]).toMatchObject({ number: 1 });
    expect(d.products[0].name).toContain(`KFR-${w.v.vendorId}-MODEL`);
    expect(d.timeline.map((x: { text: string }) => x.text)).toEqual(['已预约上门时间', '师傅已接单，将尽快与您预约上门时间', '正在为您安排服务师傅', '商家已为您提交服务订单']);
    expect(d.master.surname).toHaveLength(1);
    expect(d.master.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(d.address).toEqual({ region: '上海市闵行区', detail: '莲花南路**弄**号**室' });
    expect(d.appointment).toMatchObject({ doorTime: '2099-01-01 14:00–16:00', confirmed: false, canConfirm: true });
    expect(d.visitCode).toMatch(/^\d{6}$/);
    const text = JSON.stringify(d);
    for (const leak of ['price', 'Price', 'balance', 'fen', 'wallet', o.phone, '1500', '801']) expect(text, leak).not.toContain(leak);
  });

  it('shows no visit code before the master is coming', async () => {
    const o = await dispatchedOrder(t, w);
    const token = await linkTokenFor(t, o.phone);
    expect((await view(token)).body.data).toMatchObject({ visitCode: null, master: null, stage: '正在安排师傅' });
  });

  it('the customer confirms the appointment; the merchant sees it; a new time asks again', async () => {
    const o = await dispatchedOrder(t, w);
    const token = await linkTokenFor(t, o.phone);
    await mustAct(t, w, o.id, 'accept');
    await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    expect((await customerCall(t, 'POST', CUSTOMER_API.confirm, token)).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.confirmed });
    expect((await view(token)).body.data.appointment).toMatchObject({ confirmed: true, canConfirm: false });
    expect((await service(o.id)).body.data).toMatchObject({ appointmentConfirmed: true });
    const log = (await get(t, API.order(o.id), { token: w.v.token })).body.data.omsOperateRecordList as Array<{ content: string }>;
    expect(log.some((l) => l.content === '客户已确认上门时间 2099-01-01 14:00–16:00')).toBe(true);
    await mustAct(t, w, o.id, 'changeTime', { doorTime: '2099-01-02 10:00:00' });
    expect((await view(token)).body.data.appointment).toMatchObject({ doorTime: '2099-01-02 10:00–12:00', confirmed: false, canConfirm: true });
    expect((await service(o.id)).body.data.appointmentConfirmed).toBe(false);
  });
});

describe('asking for another window', () => {
  const day = (n: number) => new Date(Date.now() + n * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);
  it('one request waits at a time (5 parallel: one); the merchant’s bell and the console see it; the next appointment answers it', async () => {
    const o = await dispatchedOrder(t, w);
    const token = await linkTokenFor(t, o.phone);
    await mustAct(t, w, o.id, 'accept');
    await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    const ask = (body: Record<string, unknown>) => customerCall(t, 'POST', CUSTOMER_API.reschedule, token, body);
    expect((await ask({ date: day(2), slot: 'pm' })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.rescheduleReasonRequired });
    expect((await ask({ date: day(0), slot: 'pm', reason: '出差' })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.rescheduleDateInvalid });
    expect((await ask({ date: day(2), slot: 'night', reason: '出差' })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.rescheduleSlotRequired });
    const tries = await Promise.all(Array.from({ length: 5 }, () => ask({ date: day(2), slot: 'pm', reason: '周六要出差，改到下周' })));
    expect(tries.filter((r) => r.body.code === 200), JSON.stringify(tries.map((r) => r.body.msg))).toHaveLength(1);
    expect(tries.filter((r) => r.body.msg === CUSTOMER_MSG.reschedulePending)).toHaveLength(4);
    expect((await view(token)).body.data.appointment).toMatchObject({ canReschedule: false, pendingRequest: { date: day(2), slot: 'pm', slotName: '下午（13:00–18:00）', state: 'pending' } });

    const consoleSees = (await get(t, CUSTOMER_API.platformService(o.id), { token: w.op.token, role: 'platform' })).body.data.requests;
    expect(consoleSees).toEqual([expect.objectContaining({ state: 'pending', reason: '周六要出差，改到下周' })]);
    const bell = (await get(t, API.notifications, { token: w.v.token, query: { type: 'customer_reschedule' } })).body;
    expect(bell.rows[0]).toMatchObject({ orderId: o.id, typeName: '客户申请改约' });
    expect(bell.rows[0].content).toContain('周六要出差');

    await mustAct(t, w, o.id, 'changeTime', { doorTime: `${day(2)} 14:00:00` });
    expect((await service(o.id)).body.data.requests[0]).toMatchObject({ state: 'done' });
    expect((await view(token)).body.data.appointment).toMatchObject({ canReschedule: true, pendingRequest: null });
    expect((await ask({ date: day(3), slot: 'am', reason: '又有事' })).body.code).toBe(200);
    await mustAct(t, w, o.id, 'checkIn');
    expect((await ask({ date: day(4), slot: 'am', reason: '再改' })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.cannotReschedule });
  });
});

describe('the visit code (核销码) on the console’s completion', () => {
  const inWork = async () => {
    const o = await dispatchedOrder(t, w);
    await mustAct(t, w, o.id, 'accept');
    await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    await mustAct(t, w, o.id, 'checkIn');
    const token = await linkTokenFor(t, o.phone);
    const code = (await view(token)).body.data.visitCode as string;
    return { ...o, token, code };
  };
  const complete = async (id: number, body: Record<string, unknown>) => act(t, w, id, 'requestCompletion', { pictures: [{ fileUrl: await consolePicture(t, w) }], ...body });
  const statusOf = async (id: number) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('is required, a wrong one refused in Chinese, the right one accepted; the merchant sees it was used', async () => {
    const o = await inWork();
    expect((await complete(o.id, {})).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.visitCodeRequired });
    const wrong = o.code === '000000' ? '111111' : '000000';
    expect((await complete(o.id, { visitCode: wrong })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.visitCodeWrong(VISIT_CODE_ATTEMPTS - 1) });
    expect(await statusOf(o.id)).toBe(500);
    expect((await service(o.id)).body.data.visit).toMatchObject({ state: 'waiting', attempts: 1 });
    expect((await complete(o.id, { visitCode: o.code })).body.code).toBe(200);
    expect(await statusOf(o.id)).toBe(600);
    expect((await service(o.id)).body.data.visit).toMatchObject({ state: 'code', stateName: '已使用客户核销码完工' });
    expect((await view(o.token)).body.data).toMatchObject({ visitCode: null, visitCodeUsed: true });
    const log = (await get(t, API.order(o.id), { token: w.v.token })).body.data.omsOperateRecordList as Array<{ content: string }>;
    expect(log.some((l) => l.content.endsWith('（已核验客户核销码）'))).toBe(true);
  });

  it(`counts ${VISIT_CODE_ATTEMPTS} wrong guesses at most under 50 parallel ones; then only an operator's reason completes`, async () => {
    const o = await inWork();
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(o.code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((visitCode) => act(t, w, o.id, 'requestCompletion', { pictures: [], visitCode })));
    const msgs = answers.map((a) => a.body.msg as string);
    expect(answers.every((a) => a.body.code === 400)).toBe(true);
    expect(msgs.filter((m) => m.startsWith('核销码错误，还可尝试'))).toHaveLength(VISIT_CODE_ATTEMPTS - 1);
    expect(msgs.filter((m) => m === CUSTOMER_MSG.visitCodeLocked)).toHaveLength(50 - (VISIT_CODE_ATTEMPTS - 1));
    const row = await t.db.selectFrom('visit_codes').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(VISIT_CODE_ATTEMPTS);
    // Now even the right code is refused; a reason completes it, and the merchant sees it went without.
    expect((await complete(o.id, { visitCode: o.code })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.visitCodeLocked });
    expect((await complete(o.id, { visitOverride: '客户手机没电，电话确认已完工' })).body.code).toBe(200);
    expect((await service(o.id)).body.data.visit).toMatchObject({ state: 'override', overrideReason: '客户手机没电，电话确认已完工', operator: '测试运营' });
  });

  it('counts no guess for a completion the order cannot make', async () => {
    const o = await dispatchedOrder(t, w);
    expect((await act(t, w, o.id, 'requestCompletion', { pictures: [], visitCode: '123' })).body.code).toBe(400);
    expect((await t.db.selectFrom('visit_codes').select('attempts').where('order_id', '=', o.id).executeTakeFirstOrThrow()).attempts).toBe(0);
  });
});

describe('rating', () => {
  it('is refused before completion, accepted once after (10 parallel tries: one), shown to the merchant, in the list column and as a webhook event', async () => {
    const hook = await post(t, API.webhooks, { url: 'http://127.0.0.1:9/hook', events: ['order.rated'] }, { token: w.v.token });
    expect(hook.body.code).toBe(200);
    const early = await dispatchedOrder(t, w);
    const earlyToken = await linkTokenFor(t, early.phone);
    expect((await customerCall(t, 'POST', CUSTOMER_API.rate, earlyToken, { score: 5 })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.cannotRate });

    const o = await completedOrder(t, w);
    ratedId = o.id;
    const token = await linkTokenFor(t, o.phone);
    expect((await view(token)).body.data).toMatchObject({ canRate: true, rating: null });
    expect((await customerCall(t, 'POST', CUSTOMER_API.rate, token, { score: 6 })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.scoreRequired });
    expect((await customerCall(t, 'POST', CUSTOMER_API.rate, token, { score: 5, tags: ['不存在的标签'] })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.tagUnknown });
    const photo = await customerUpload(t, token, { name: 'a.png', content: SAMPLE.png });
    expect(photo).toMatchObject({ code: 200, data: { fileUrl: expect.stringMatching(/^\/customer\//) } });
    // A file of the merchant's own is not the customer's photo.
    const vendorFile = (await upload(t, w.v.token, { name: 'p.png', content: SAMPLE.png }, 'product')).body.data!.fileUrl;
    expect((await customerCall(t, 'POST', CUSTOMER_API.rate, token, { score: 5, photos: [vendorFile] })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.photoInvalid });

    const body = { score: 4, tags: ['准时上门', '服务专业'], comment: '师傅很细心', photos: [photo.data!.fileUrl] };
    const tries = await Promise.all(Array.from({ length: 10 }, () => customerCall(t, 'POST', CUSTOMER_API.rate, token, body)));
    expect(tries.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.msg === CUSTOMER_MSG.alreadyRated)).toHaveLength(9);
    expect(await t.db.selectFrom('order_ratings').select('order_id').where('order_id', '=', o.id).execute()).toHaveLength(1);

    const seen = (await service(o.id)).body.data.rating;
    expect(seen).toMatchObject({ score: 4, tags: ['准时上门', '服务专业'], comment: '师傅很细心' });
    expect(seen.photos[0]).toContain('sig=');
    expect((await view(token)).body.data).toMatchObject({ canRate: false, rating: { score: 4 } });
    expect((await t.db.selectFrom('orders').select('customer_rating').where('id', '=', o.id).executeTakeFirstOrThrow()).customer_rating).toBe(4);

    const deliveries = await t.db.selectFrom('webhook_deliveries').select(['event_type', 'payload']).where('vendor_id', '=', w.v.vendorId).where('event_type', '=', 'order.rated').execute();
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.payload).data).toMatchObject({ orderId: o.id, score: 4, tags: ['准时上门', '服务专业'], comment: '师傅很细心' });
    const bell = (await get(t, API.notifications, { token: w.v.token, query: { type: 'customer_rated' } })).body;
    expect(bell.rows[0]).toMatchObject({ orderId: o.id, typeName: '客户评价' });
  });

  it('shows as 满意度 in the merchant’s order list, which filters by it, and in the export', async () => {
    const ids = async (satisfaction: string) =>
      ((await get(t, API.orderList, { token: w.v.token, query: { satisfaction, pageSize: 100 } })).body.rows as Array<{ id: number; customerRating: number | null }>);
    expect((await ids('good')).find((r) => r.id === ratedId)).toMatchObject({ customerRating: 4 });
    expect((await ids('good')).every((r) => r.customerRating! >= 4)).toBe(true);
    expect((await ids('bad')).some((r) => r.id === ratedId)).toBe(false);
    const unrated = await ids('none');
    expect(unrated.length).toBeGreaterThan(0);
    expect(unrated.every((r) => r.customerRating === null)).toBe(true);
    expect((await get(t, API.orderList, { token: w.v.token, query: { satisfaction: 'good' } })).body.total).toBe((await ids('good')).length);

    const r = await post(t, API.orderExport, { listOrderId: [ratedId] }, { token: w.v.token });
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.res.rawPayload as any);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header.slice(-3)).toEqual(['满意度', '评价标签', '客户评价']);
    expect(row.slice(-3)).toEqual(['4星（满意）', '准时上门、服务专业', '师傅很细心']);
  });

  it('averages by service type and product model for the merchant (not another vendor’s)', async () => {
    const r = (await get(t, CUSTOMER_API.ratingSummary, { token: w.v.token })).body.data;
    expect(r.total.count).toBeGreaterThanOrEqual(1);
    expect(r.byServiceType[0]).toMatchObject({ serviceType: 1, name: '安装' });
    expect(r.byModel[0]).toMatchObject({ modelName: `KFR-${w.v.vendorId}-MODEL` });
    expect((await get(t, CUSTOMER_API.ratingSummary, { token: other.v.token })).body.data.total.count).toBe(0);
  });
});

describe('a problem within 7 days', () => {
  it('opens an after-sales case the merchant sees; a second is refused; after 7 days none', async () => {
    const o = await completedOrder(t, w, { confirm: true });
    const token = await linkTokenFor(t, o.phone);
    const page = (await view(token)).body.data;
    expect(page.problem).toMatchObject({ canRaise: true, open: null });
    const reason = page.problem.reasons[0] as string;
    expect((await customerCall(t, 'POST', CUSTOMER_API.problem, token, { reason, description: '' })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.problemTextRequired });
    expect((await customerCall(t, 'POST', CUSTOMER_API.problem, token, { reason: '随便写的', description: '空调不制冷' })).body.code).toBe(400);
    expect((await customerCall(t, 'POST', CUSTOMER_API.problem, token, { reason, description: '空调不制冷' })).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.problemSent });
    expect((await customerCall(t, 'POST', CUSTOMER_API.problem, token, { reason, description: '还是不制冷' })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.problemOpen });
    expect((await view(token)).body.data.problem).toMatchObject({ canRaise: false, open: { stage: '已提交，等待审核' } });

    const list = (await get(t, API.afterSaleList, { token: w.v.token, query: { pageSize: 100 } })).body.rows as Array<{ orderId: number; reasons: string; description: string }>;
    expect(list.find((c) => c.orderId === o.id)).toMatchObject({ description: '空调不制冷' });
    const c = await t.db.selectFrom('after_sales').select(['source', 'type', 'created_by']).where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect(c).toMatchObject({ source: 'customer', type: 2, created_by: w.v.userId });
    expect((await get(t, API.order(o.id), { token: w.v.token })).body.data.status).toBe(900);
    // While the after-sales case runs, the link's 30 days stop.
    expect((await t.db.selectFrom('customer_links').select('ends_at').where('order_id', '=', o.id).executeTakeFirstOrThrow()).ends_at).toBeNull();

    const late = await completedOrder(t, w, { confirm: true });
    const lateToken = await linkTokenFor(t, late.phone);
    await t.db.updateTable('orders').set({ completion_time: new Date(Date.now() - 8 * 86400_000).toISOString() }).where('id', '=', late.id).execute();
    expect((await view(lateToken)).body.data.problem.canRaise).toBe(false);
    expect((await customerCall(t, 'POST', CUSTOMER_API.problem, lateToken, { reason, description: '空调不制冷' })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.problemTooLate });
  });
});

describe('a case the merchant raised (decision 278)', () => {
  const problemTexts = ['您的问题已提交，正在处理', '您的问题正在处理中', '问题处理已结束', '问题已处理完成'];
  const texts = (page: any) => (page.timeline as Array<{ text: string }>).map((l) => l.text);

  it('a merchant’s 赔偿 claim is not the customer’s problem: the stage of the work, no problem card, none of its log lines; once decided the customer may raise their own', async () => {
    const o = await completedOrder(t, w, { confirm: true });
    const token = await linkTokenFor(t, o.phone);
    const claim = await post(t, API.afterSaleApply, { orderId: o.id, type: 1, money: '30', reasons: ['师傅未按约定时间上门'], description: '师傅迟到两个小时' }, { token: w.v.token });
    expect(claim.body.code).toBe(200);
    expect((await get(t, API.order(o.id), { token: w.v.token })).body.data.status).toBe(900);
    let page = (await view(token)).body.data;
    expect(page.stage).toBe('服务已完成');
    expect(page.problem.open).toBeNull();
    expect(texts(page)[0]).toBe('服务已完成');
    for (const text of problemTexts) expect(texts(page)).not.toContain(text);
    // Raising one needs the order free of open cases (one at a time): the button waits for the platform's decision.
    expect(page.problem.canRaise).toBe(false);

    expect((await post(t, PLATFORM_AFTER_SALE_API.approve(claim.body.data.id), {}, { token: w.op.token, role: 'platform' })).body.code).toBe(200);
    page = (await view(token)).body.data;
    expect(page).toMatchObject({ stage: '服务已完成', problem: { canRaise: true, open: null } });
    for (const text of problemTexts) expect(texts(page)).not.toContain(text);

    // The customer's own problem is theirs: headline, card and timeline.
    const reason = page.problem.reasons[0] as string;
    expect((await customerCall(t, 'POST', CUSTOMER_API.problem, token, { reason, description: '空调漏水' })).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.problemSent });
    page = (await view(token)).body.data;
    expect(page).toMatchObject({ stage: '问题处理中', problem: { canRaise: false, open: { stage: '已提交，等待审核' } } });
    expect(texts(page)[0]).toBe('您的问题已提交，正在处理');
    expect(texts(page).filter((x) => problemTexts.includes(x))).toEqual(['您的问题已提交，正在处理']);
  });

  it('a merchant’s 售后 request the platform handles shows nothing of it either', async () => {
    const o = await completedOrder(t, w, { confirm: true });
    const token = await linkTokenFor(t, o.phone);
    const asked = await post(t, API.afterSaleApply, { orderId: o.id, type: 2, reasons: [(await view(token)).body.data.problem.reasons[0]], description: '门锁需要重新调试' }, { token: w.v.token });
    expect(asked.body.code).toBe(200);
    expect((await post(t, PLATFORM_AFTER_SALE_API.approve(asked.body.data.id), { processingStatus: 1 }, { token: w.op.token, role: 'platform' })).body.code).toBe(200);
    const page = (await view(token)).body.data;
    expect(page).toMatchObject({ stage: '服务已完成', problem: { open: null } });
    for (const text of problemTexts) expect(texts(page)).not.toContain(text);
  });
});

describe('token guessing', () => {
  it('is rate-limited per address with the database counter: the envelope, HTTP 200', async () => {
    const limited = await startTestApp({ RATE_LIMIT_CUSTOMER: '5' });
    try {
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await customerCall(limited, 'GET', CUSTOMER_API.view, `guess${String(i).padStart(17, '0')}`));
      expect(answers.slice(0, 5).map((a) => a.body.msg)).toEqual(Array(5).fill(CUSTOMER_MSG.linkInvalid));
      expect(answers.slice(5).map((a) => [a.status, a.body.code, a.body.msg])).toEqual([[200, 400, RATE_LIMITED], [200, 400, RATE_LIMITED]]);
    } finally {
      await limited.close();
    }
  });
});
