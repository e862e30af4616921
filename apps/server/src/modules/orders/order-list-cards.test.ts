import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { forgetKeptCards } from './order-cards-kept';
import { CARD_KEY } from './order-list-cards';
import { pageOfIds, storeCard } from './order-list.repository';
import { addOrder, createProduct } from './orders.fixtures';

// The order list answers from stored cards (decision 100): what it shows must always be what the
// order and its lines say now, whether the card was stored, emptied by a change or of an old format.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let ids: number[];
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  const a = await createProduct(t, v.vendorId, v.userId, { model: 'CARD-A' });
  const b = await createProduct(t, v.vendorId, v.userId, { model: 'CARD-B', installation: 39900 });
  ids = [await addOrder(t, v.token, [a]), await addOrder(t, v.token, [a, b], { remarks: '卡片测试' }), await addOrder(t, v.token, [b], { parole: 2 })];
});
afterAll(async () => t.close());

const list = async (query: Record<string, string | number> = {}) => (await get(t, API.orderList, { token: v.token, query })).body;
const rowOf = async (id: number) => (await list()).rows.find((r: any) => r.id === id);
/** The order's revision and whether its stored card is current (built from that revision, in today's format). */
async function stored(id: number) {
  const r = await t.db.selectFrom('orders').leftJoin('order_cards as c', 'c.order_id', 'orders.id').select(['orders.list_rev', 'c.rev', 'c.card_key']).where('orders.id', '=', id).executeTakeFirstOrThrow();
  return { listRev: r.list_rev, current: r.rev === r.list_rev && r.card_key === CARD_KEY, key: r.card_key };
}

/** The list row's fields as the detail (built from the rows every time) states them. */
async function fromDetail(id: number) {
  const d = (await get(t, API.order(id), { token: v.token })).body.data;
  const row = await rowOf(id);
  const expected = Object.fromEntries(Object.keys(row).map((k) => [k, d[k]]));
  expected.productList = d.productList.map((l: any) => Object.fromEntries(Object.keys(row.productList[0]).map((k) => [k, l[k]])));
  return { row, expected };
}

describe('order list cards', () => {
  it('answers the same rows before and after the cards are stored, as the detail states them', async () => {
    for (const id of ids) expect((await stored(id)).current).toBe(false);
    const first = await list();
    expect(first).toMatchObject({ code: 200, msg: '操作成功', total: 3 });
    for (const id of ids) expect((await stored(id)).current).toBe(true);
    expect(await list()).toEqual(first);
    for (const id of ids) {
      const { row, expected } = await fromDetail(id);
      expect(row).toEqual(expected);
    }
    expect(first.rows.find((r: any) => r.id === ids[0])).toMatchObject({ userInfo: { name: '测试' }, statusInfo: { isPay: true } });
  });

  it('empties a card when the order changes and shows the change', async () => {
    await list();
    const before = await stored(ids[0]!);
    expect(before.current).toBe(true);
    expect((await post(t, API.orderMarker, { orderId: ids[0], markerType: 'red', markerValue: '回访' }, { token: v.token })).body.code).toBe(200);
    const after = await stored(ids[0]!);
    expect(after.current).toBe(false);
    expect(after.listRev).toBeGreaterThan(before.listRev);
    expect(await rowOf(ids[0]!)).toMatchObject({ markerType: 'red', markerValue: '回访' });
    expect((await stored(ids[0]!)).current).toBe(true);
  });

  it('empties a card when one of its product lines is added, changed or removed', async () => {
    await list();
    const [line] = await t.db.selectFrom('order_products').selectAll().where('order_id', '=', ids[1]!).orderBy('id').execute();
    await t.db.updateTable('order_products').set({ model_name: 'CARD-A2' }).where('id', '=', line!.id).execute();
    expect((await stored(ids[1]!)).current).toBe(false);
    expect((await rowOf(ids[1]!)).productList.map((l: any) => l.modelName)).toEqual(['CARD-A2', 'CARD-B']);
    const { id: _id, ...copy } = line!;
    await t.db.insertInto('order_products').values({ ...copy, model_name: 'CARD-C' }).execute();
    expect((await stored(ids[1]!)).current).toBe(false);
    expect((await rowOf(ids[1]!)).productList.map((l: any) => l.modelName)).toEqual(['CARD-A2', 'CARD-B', 'CARD-C']);
    await t.db.deleteFrom('order_products').where('order_id', '=', ids[1]!).where('model_name', '=', 'CARD-C').execute();
    expect((await stored(ids[1]!)).current).toBe(false);
    expect((await rowOf(ids[1]!)).productList.map((l: any) => l.modelName)).toEqual(['CARD-A2', 'CARD-B']);
  });

  it('shows the creator’s current name without rebuilding cards', async () => {
    await list();
    await t.db.updateTable('users').set({ name: '改名后' }).where('id', '=', v.userId).execute();
    expect((await list()).rows.map((r: any) => r.userInfo.name)).toEqual(['改名后', '改名后', '改名后']);
    // Quotes, backslashes, control and astral characters come out as JSON.stringify gives them.
    const odd = '王"五\\\u0001🔧';
    await t.db.updateTable('users').set({ name: odd }).where('id', '=', v.userId).execute();
    expect((await list()).rows.map((r: any) => r.userInfo.name)).toEqual([odd, odd, odd]);
    await t.db.updateTable('users').set({ name: '' }).where('id', '=', v.userId).execute();
    expect((await list()).rows.map((r: any) => r.userInfo.name)).toEqual([v.phone, v.phone, v.phone]);
    for (const id of ids) expect((await stored(id)).current).toBe(true);
    await t.db.updateTable('users').set({ name: '测试' }).where('id', '=', v.userId).execute();
  });

  it('shows a stored card’s SLA overdue once its due time has passed, with no write in between', async () => {
    const id = ids[1]!;
    await t.db.updateTable('orders').set({ sla_stage: 'accept', sla_due_at: new Date(Date.now() + 60_000).toISOString(), sla_breaches: 1 }).where('id', '=', id).execute();
    const detailSla = async () => (await get(t, API.order(id), { token: v.token })).body.data.sla;
    const before = await rowOf(id);
    expect(before.sla).toMatchObject({ stage: 'accept', stageName: '待接单', overdue: false, breaches: 1 });
    expect(before.sla).toEqual(await detailSla());
    expect((await stored(id)).current).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    try {
      // From the stored card, from the page by ids (a keyword's), and from a card built here after a change.
      const late = { ...before.sla, overdue: true };
      expect((await rowOf(id)).sla).toEqual(late);
      expect((await stored(id)).current).toBe(true);
      expect((await list({ keyWords: '卡片测试' })).rows.map((r: any) => r.sla)).toEqual([late]);
      expect((await post(t, API.orderMarker, { orderId: id, markerType: 'red', markerValue: '超时' }, { token: v.token })).body.code).toBe(200);
      expect((await stored(id)).current).toBe(false);
      expect((await rowOf(id)).sla).toEqual(late);
      expect(late).toEqual(await detailSla());
    } finally {
      vi.useRealTimers();
    }
  });

  it('rebuilds a card of another format', async () => {
    await list();
    const id = ids[2]!;
    const right = await rowOf(id);
    await t.db.updateTable('order_cards').set({ card: Buffer.from('{"id":0,"realName":"旧格式"}'), card_key: 'old-format' }).where('order_id', '=', id).execute();
    // A new card format comes with a new process, which keeps no cards yet.
    forgetKeptCards();
    expect(await rowOf(id)).toEqual(right);
    expect(await stored(id)).toMatchObject({ current: true, key: CARD_KEY });
  });

  it('answers PostgreSQL pages from the cards the process keeps, never from an older revision', async () => {
    const first = await list();
    await t.db.deleteFrom('order_cards').where('order_id', 'in', ids).execute();
    expect(await list()).toEqual(first);
    // SQLite reads the stored cards on every call and rebuilds them; PostgreSQL used the ones it keeps.
    for (const id of ids) expect((await stored(id)).current).toBe(!t.config.isPostgres);
    const { remarks } = await t.db.selectFrom('orders').select('remarks').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    await t.db.updateTable('orders').set({ remarks: '保留的卡片已旧' }).where('id', '=', ids[0]!).execute();
    expect(await rowOf(ids[0]!)).toMatchObject({ remarks: '保留的卡片已旧' });
    expect((await stored(ids[0]!)).current).toBe(true);
    await t.db.updateTable('orders').set({ remarks }).where('id', '=', ids[0]!).execute();
    expect(await list()).toEqual(first);
  });

  it('never stores a card built from an older revision', async () => {
    await list();
    const { listRev: rev } = await stored(ids[2]!);
    await t.db.updateTable('orders').set({ remarks: '改过' }).where('id', '=', ids[2]!).execute();
    const late = await storeCard(t.db, ids[2]!, rev, Buffer.from('{"remarks":"旧"}'));
    expect(Number(late.numInsertedOrUpdatedRows)).toBe(0);
    expect((await stored(ids[2]!)).current).toBe(false);
    expect((await rowOf(ids[2]!)).remarks).toBe('改过');
  });

  it('finds keyword matches with one scan and pages them', async () => {
    expect(await list({ keyWords: 'CARD-B', pageSize: 1, pageNum: 2 })).toMatchObject({ total: 2, rows: [{ id: ids[1] }] });
    expect(await list({ keyWords: 'CARD-B', pageSize: 1, pageNum: 3 })).toMatchObject({ total: 2, rows: [] });
    expect((await list({ keyWords: '卡片测试' })).rows.map((r: any) => r.id)).toEqual([ids[1]]);
  });

  it('orders a page by creation time, newest first, then by the larger id', async () => {
    const before = await t.db.selectFrom('orders').select(['id', 'created_at']).where('id', 'in', ids).execute();
    const times = ['2026-01-02T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'];
    for (const [i, id] of ids.entries()) await t.db.updateTable('orders').set({ created_at: times[i]! }).where('id', '=', id).execute();
    const built = (await list()).rows.map((r: any) => r.id);
    const joined = (await list()).rows.map((r: any) => r.id);
    for (const id of ids) expect((await stored(id)).current).toBe(true);
    expect(built).toEqual([ids[1], ids[2], ids[0]]);
    expect(joined).toEqual(built);
    expect((await list({ pageSize: 1, pageNum: 2 })).rows.map((r: any) => r.id)).toEqual([ids[2]]);
    // A keyword's page comes newest first from the index, whose keys follow the changed times (decision 106).
    expect((await list({ keyWords: 'card' })).rows.map((r: any) => r.id)).toEqual(built);
    expect((await list({ keyWords: 'card', pageSize: 1, pageNum: 3 })).rows.map((r: any) => r.id)).toEqual([ids[0]]);
    for (const o of before) await t.db.updateTable('orders').set({ created_at: o.created_at }).where('id', '=', o.id).execute();
  });

  it('pages given ids in their order, within the vendor and the caller’s scope, from cards or rebuilt', async () => {
    const other = await createVendor(t);
    const foreign = await addOrder(t, other.token, [await createProduct(t, other.vendorId, other.userId, { model: 'CARD-X' })]);
    const listed = (await list()).rows.map((r: any) => r.id);
    const page = async (given: number[], ownerId: number | null = null) => JSON.parse(`[${(await pageOfIds(t.db, v.vendorId, ownerId, given, t.config.isPostgres)).toString()}]`);
    const fromCards = await page([listed[0], foreign, listed[2]]);
    expect(fromCards.map((r: any) => r.id)).toEqual([listed[0], listed[2]]);
    expect(fromCards).toEqual((await list()).rows.filter((r: any) => r.id !== listed[1]));
    expect(await page([foreign])).toEqual([]);
    expect(await page(listed, v.userId + 1_000_000)).toEqual([]);
    expect((await page(listed, v.userId)).map((r: any) => r.id)).toEqual(listed);
    await t.db.updateTable('orders').set({ remarks: '按编号' }).where('id', '=', listed[2]).execute();
    expect((await page(listed)).map((r: any) => [r.id, r.remarks])).toEqual((await list()).rows.map((r: any) => [r.id, r.remarks]));
    expect((await stored(listed[2])).current).toBe(true);
  });
});
