import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createSubAccount, createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { likePattern } from '../../lib/like';
import { orderIdsContaining } from '../../lib/keyword-index';
import { addOrder, createProduct } from './orders.fixtures';

// The order list's keyword on both databases (issue #15): SQLite's bigram index (decisions 103, 130),
// PostgreSQL's GIN index of character keys with ilike as the recheck (131). One and two Chinese characters, model numbers in any case, % and _ as themselves,
// only the vendor's orders and only the caller's own under data scope "own"; and a total counted up
// to a bound (ORDER_TOTAL_BOUND, decision 132) that still pages past it.

describe('order keywords (both databases)', () => {
  let t: TestApp;
  let v: Awaited<ReturnType<typeof createVendor>>;
  let other: Awaited<ReturnType<typeof createVendor>>;
  let sub: Awaited<ReturnType<typeof createSubAccount>>;
  const o: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp({ ORDER_TOTAL_BOUND: '5' });
    v = await createVendor(t);
    other = await createVendor(t);
    sub = await createSubAccount(t, v.vendorId, [[11, 0], [12, 1]]);
    const kfr = await createProduct(t, v.vendorId, v.userId, { model: 'KFR-35GW/BpR3' });
    const pct = await createProduct(t, v.vendorId, v.userId, { model: 'Max100%_Pro' });
    const plain = await createProduct(t, v.vendorId, v.userId, { model: 'Max1000Pro' });
    const dense = await createProduct(t, v.vendorId, v.userId, { model: 'Dense-K7' });
    o.wang = await addOrder(t, v.token, [kfr], { realName: '王建华', phone: '13700000001' });
    o.jian = await addOrder(t, v.token, [plain], { realName: '李建国', phone: '13700000002' });
    o.pct = await addOrder(t, v.token, [pct], { realName: '赵六', phone: '13700000003', remarks: 'a_b 上门' });
    o.mine = await addOrder(t, sub.token, [kfr], { realName: '王芳', phone: '13700000004' });
    for (let i = 0; i < 6; i++) o[`dense${i}`] = await addOrder(t, v.token, [dense], { realName: '孙七', phone: `1370000001${i}` });
    const theirs = await createProduct(t, other.vendorId, other.userId, { model: 'KFR-35GW/BpR3' });
    o.theirs = await addOrder(t, other.token, [theirs], { realName: '王建华', phone: '13700000009', remarks: 'a_b 上门 100%' });
    // Holds both bigrams of 王建华 and of kfr-35gw's first ones, apart: only a recheck tells it from a match.
    const washer = await createProduct(t, other.vendorId, other.userId, { model: 'XQG100-KF' });
    o.apart = await addOrder(t, other.token, [washer], { realName: '王建军', phone: '13700000008', remarks: '建华路 FR-3' });
    // Letters with case beyond ASCII, and characters without case (ilike or like on PostgreSQL, decision 209).
    o.accents = await addOrder(t, other.token, [washer], { realName: '赵一', phone: '13700000007', remarks: 'ÉCOLE Ⅻ １２３' });
  });
  afterAll(async () => t.close());

  const list = async (keyWords: string, query: Record<string, string | number> = {}, token = v.token) =>
    (await get(t, API.orderList, { token, query: { keyWords, pageSize: 50, ...query } })).body;
  const found = async (keyWords: string, token = v.token) => (await list(keyWords, {}, token)).rows.map((r: any) => r.id).sort((a: number, b: number) => a - b);
  const ids = (...names: string[]) => names.map((n) => o[n]!).sort((a, b) => a - b);

  it('finds one and two Chinese characters, and only in the vendor’s orders', async () => {
    expect(await found('王')).toEqual(ids('wang', 'mine'));
    expect(await found('建')).toEqual(ids('wang', 'jian'));
    expect(await found('建华')).toEqual(ids('wang'));
    expect(await found('王建华')).toEqual(ids('wang'));
    expect(await found('上')).toEqual(ids('pct'));
    expect(await found('华建')).toEqual([]);
    expect(await found('王建华', other.token)).toEqual([o.theirs]);
  });

  it('finds model numbers in any case', async () => {
    expect(await found('kfr-35gw')).toEqual(ids('wang', 'mine'));
    expect(await found('KFR-35GW/BPR3')).toEqual(ids('wang', 'mine'));
    expect(await found('Kfr')).toEqual(ids('wang', 'mine'));
    expect(await found('k')).toEqual(ids('wang', 'mine', ...Array.from({ length: 6 }, (_, i) => `dense${i}`)));
    expect(await found('bpr3', other.token)).toEqual([o.theirs]);
  });

  it('takes % and _ as themselves', async () => {
    expect(await found('%')).toEqual(ids('pct'));
    expect(await found('_')).toEqual(ids('pct'));
    expect(await found('100%')).toEqual(ids('pct'));
    expect(await found('0%_p')).toEqual(ids('pct'));
    expect(await found('Max100%')).toEqual(ids('pct'));
    // Not wildcards: Max1000Pro has no % and no _.
    expect(await found('Max100_Pro')).toEqual([]);
    expect(await found('1000%')).toEqual([]);
    expect(await found('a_b')).toEqual(ids('pct'));
    expect(await found('a%b')).toEqual([]);
    expect(await found('\\')).toEqual([]);
  });

  it('shows a sub-account with data scope "own" only its own orders', async () => {
    expect(await found('王', sub.token)).toEqual(ids('mine'));
    expect(await found('kfr', sub.token)).toEqual(ids('mine'));
    expect(await found('王建华', sub.token)).toEqual([]);
    expect((await list('王', {}, sub.token)).total).toBe(1);
  });

  it('counts a keyword up to the bound, answers more as the bound with totalBounded, and still pages past it', async () => {
    // 6 matches, bound 5.
    const all = await list('dense-k7');
    expect(all).toMatchObject({ code: 200, total: 5, totalBounded: true });
    expect(all.rows).toHaveLength(6);
    const inOrder = all.rows.map((r: any) => r.id);
    expect([...inOrder].sort((a: number, b: number) => a - b)).toEqual(ids(...Array.from({ length: 6 }, (_, i) => `dense${i}`)));
    const paged = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const b = await list('dense-k7', { pageSize: 2, pageNum });
      expect(b).toMatchObject({ total: 5, totalBounded: true });
      paged.push(...b.rows.map((r: any) => r.id));
    }
    expect(paged).toEqual(inOrder);
    expect((await list('dense-k7', { pageSize: 2, pageNum: 4 })).rows).toEqual([]);
    // With a status filter too (SQLite's other plans).
    expect(await list('Dense-K7', { status: 100, pageSize: 2 })).toMatchObject({ total: 5, totalBounded: true });
    // Within the bound: exact, and no flag.
    const few = await list('王');
    expect(few.total).toBe(2);
    expect(few).not.toHaveProperty('totalBounded');
    const own = await list('k', {}, sub.token);
    expect(own.total).toBe(1);
    expect(own).not.toHaveProperty('totalBounded');
    expect(await list('Nowhere-9')).toMatchObject({ total: 0, rows: [] });
    // The list without a keyword is not bounded: 10 orders.
    expect(await list('')).toMatchObject({ total: 10 });
  });

  it('finds through the index exactly what a scan of the search rows with (i)like finds (PostgreSQL: index forced)', async () => {
    const pg = t.config.isPostgres;
    const keywords = ['王', '建华', '王建华', '华建', 'KFR', 'kfr-35gw', 'bPr3', '%', '_', 'a_b', '100%', 'Max100_Pro', '7', 'Dense-K', 'x', '上门', 'K7', 'k7', 'Gw', '0%', '%_', 'école', 'ⅻ', '１２', '0000000'];
    for (const vendorId of [v.vendorId, other.vendorId]) {
      for (const kw of keywords) {
        const scan = await sql<{ id: number }>`select order_id as id from order_search where vendor_id = ${vendorId} and body ${sql.raw(pg ? 'ilike' : 'like')} ${likePattern(kw)} escape '\\' order by order_id`.execute(t.db);
        const viaIndex = await t.db.transaction().execute(async (tx) => {
          if (pg) await sql`set local enable_seqscan = off`.execute(tx);
          const q = sql<Record<string, number>>`select * from (${orderIdsContaining(vendorId, kw, pg)}) m order by 1`;
          if (pg) expect(JSON.stringify((await sql`explain ${q}`.execute(tx)).rows)).toContain('order_search_keys');
          return q.execute(tx);
        });
        expect(viaIndex.rows.map((r) => Number(Object.values(r)[0])), `${vendorId} ${kw}`).toEqual(scan.rows.map((r) => Number(r.id)));
      }
    }
  });
});

// A keyword's count is of the rows as they are now, whoever wrote them.
describe('a keyword’s count as the vendor’s orders change (both databases)', () => {
  let t: TestApp;
  let v: Awaited<ReturnType<typeof createVendor>>;
  let product: number;
  const first: number[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    v = await createVendor(t);
    product = await createProduct(t, v.vendorId, v.userId, { model: 'RV-9' });
    for (let i = 0; i < 3; i++) first.push(await addOrder(t, v.token, [product], { realName: '王建华', phone: `1370000010${i}` }));
    first.push(await addOrder(t, v.token, [product], { realName: '李四', phone: '13700000109' }));
  });
  afterAll(async () => t.close());

  const list = async (keyWords: string, pageSize = 50) => (await get(t, API.orderList, { token: v.token, query: { keyWords, pageSize } })).body;

  it('answers the rows as they are now, whoever wrote them', async () => {
    const before = await list('建华');
    expect(before.total).toBe(3);
    expect(await list('建华')).toEqual(before);
    // A writer behind the app's back: remarks edited in SQL, then the same text written again.
    await sql`update orders set remarks = ${'建华小区'} where id = ${first[3]}`.execute(t.db);
    const after = await list('建华');
    expect(after.total).toBe(4);
    expect(after.rows.map((r: any) => r.id)).toContain(first[3]);
    await sql`update orders set remarks = '' where id = ${first[3]}`.execute(t.db);
    const back = await list('建华');
    expect(back.total).toBe(3);
    expect(back.rows.map((r: any) => r.id)).toEqual(before.rows.map((r: any) => r.id));
    // Pages past the first.
    expect((await list('建华', 2)).rows.map((r: any) => r.id)).toEqual(before.rows.slice(0, 2).map((r: any) => r.id));
    expect((await get(t, API.orderList, { token: v.token, query: { keyWords: '建华', pageSize: 2, pageNum: 2 } })).body.rows.map((r: any) => r.id)).toEqual(before.rows.slice(2, 3).map((r: any) => r.id));
    // A new match comes first.
    const added = await addOrder(t, v.token, [product], { realName: '周建华', phone: '13700000110' });
    const now = await list('建华', 2);
    expect(now.total).toBe(4);
    expect(now.rows.map((r: any) => r.id)).toEqual([added, first[2]]);
  });

  it('stays exact while orders are created in parallel with the searches', async () => {
    const start = (await list('王建华')).total as number;
    const creates = Array.from({ length: 6 }, (_, i) => addOrder(t, v.token, [product], { realName: '王建华', phone: `1370000020${i}` }));
    const searches = Array.from({ length: 6 }, () => list('王建华'));
    const [made, seen] = await Promise.all([Promise.all(creates), Promise.all(searches)]);
    // Each search answered one state of the rows: its total is its page's rows.
    for (const s of seen) expect(s.rows).toHaveLength(s.total);
    const end = await list('王建华');
    expect(end.total).toBe(start + made.length);
    expect(end.rows.map((r: any) => r.id)).toEqual(expect.arrayContaining(made));
  });
});

// A keyword of many matches: each page is the matches as they are now, in list order.
describe('a keyword of many matches (both databases)', () => {
  let t: TestApp;
  let v: Awaited<ReturnType<typeof createVendor>>;
  let newestFirst: number[] = [];
  const MANY = 2_100;
  beforeAll(async () => {
    t = await startTestApp();
    v = await createVendor(t);
    const product = await createProduct(t, v.vendorId, v.userId, { model: 'RV-9' });
    const first = await addOrder(t, v.token, [product], { realName: '陈建华', phone: '13700000300' });
    const { id: _id, ...row } = await t.db.selectFrom('orders').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (let from = 0; from < MANY; from += 200) {
      const rows = Array.from({ length: Math.min(200, MANY - from) }, (_, k) => ({ ...row, order_no: `${row.order_no}-${from + k}`, created_at: new Date(base + (from + k) * 1000).toISOString() }));
      await t.db.insertInto('orders').values(rows as any).execute();
    }
    newestFirst = (await t.db.selectFrom('orders').select('id').where('vendor_id', '=', v.vendorId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
  });
  afterAll(async () => t.close());

  const page = async (pageNum: number) => (await get(t, API.orderList, { token: v.token, query: { keyWords: '建华', pageNum, pageSize: 50 } })).body;
  const ids = (r: any) => r.rows.map((x: any) => x.id);

  it('pages through the first matches and past them, and follows a change of the rows', async () => {
    expect(newestFirst).toHaveLength(MANY + 1);
    for (let i = 0; i < 3; i++) {
      const p1 = await page(1);
      expect(p1.total).toBe(MANY + 1);
      expect(ids(p1)).toEqual(newestFirst.slice(0, 50));
    }
    expect(ids(await page(4))).toEqual(newestFirst.slice(150, 200));
    expect(ids(await page(5))).toEqual(newestFirst.slice(200, 250));
    // The newest match no longer matches, written behind the app's back.
    await sql`update orders set real_name = ${'李四'} where id = ${newestFirst[0]}`.execute(t.db);
    for (let i = 0; i < 2; i++) {
      const p1 = await page(1);
      expect(p1.total).toBe(MANY);
      expect(ids(p1)).toEqual(newestFirst.slice(1, 51));
      expect(ids(await page(4))).toEqual(newestFirst.slice(151, 201));
    }
  });
});
