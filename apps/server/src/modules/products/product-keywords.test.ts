import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createSubAccount, createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { likePattern } from '../../lib/like';
import { nowIso } from '../../lib/time';
import { createProduct } from '../orders/orders.fixtures';

// The product list's keyword, price range and totals on both databases (issue #15, decisions 140 and
// 141): SQLite's product_grams (unigrams and bigrams, first and last bigram + LIKE for longer keywords),
// PostgreSQL's GIN index products_keys with ilike as the recheck; product_prices for price ranges and
// product_counts for the unfiltered totals, all kept by triggers; totals past ORDER_TOTAL_BOUND bounded.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
let sub: Awaited<ReturnType<typeof createSubAccount>>;
const p: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ ORDER_TOTAL_BOUND: '5' });
  v = await createVendor(t);
  other = await createVendor(t);
  sub = await createSubAccount(t, v.vendorId, [[13, 1]]);
  p.kfr = await createProduct(t, v.vendorId, v.userId, { model: 'KFR-35GW/BpR3', installation: 12000, repair: null });
  p.pct = await createProduct(t, v.vendorId, v.userId, { model: 'Max100%_Pro', installation: 30000, repair: 20000 });
  p.plain = await createProduct(t, v.vendorId, v.userId, { model: 'Max1000Pro', installation: null, repair: 50000 });
  p.mine = await createProduct(t, v.vendorId, sub.userId, { model: '王牌KFR-72LW', installation: 25000, repair: 25000 });
  for (let i = 0; i < 6; i++) p[`dense${i}`] = await createProduct(t, v.vendorId, v.userId, { model: `Dense-K7-${i}`, installation: 40000 + i * 100, repair: 45000 });
  p.gone = await createProduct(t, v.vendorId, v.userId, { model: 'Gone-KFR-35GW' });
  await t.db.updateTable('products').set({ deleted_at: nowIso() }).where('id', '=', p.gone).execute();
  p.theirs = await createProduct(t, other.vendorId, other.userId, { model: 'KFR-35GW/BpR3 100%_' });
});
afterAll(async () => t.close());

const list = async (query: Record<string, string | number>, token = v.token) => (await get(t, API.productList, { token, query: { pageSize: 50, ...query } })).body;
const found = async (keywords: string, token = v.token) => (await list({ keywords }, token)).rows.map((r: any) => r.id).sort((a: number, b: number) => a - b);
const ids = (...names: string[]) => names.map((n) => p[n]!).sort((a, b) => a - b);
const dense = Array.from({ length: 6 }, (_, i) => `dense${i}`);
const live = ['kfr', 'pct', 'plain', 'mine', ...dense];

describe('product keywords', () => {
  it('finds one and two Chinese characters of the model and the category names, only in the vendor’s live products', async () => {
    expect(await found('王')).toEqual(ids('mine'));
    expect(await found('王牌')).toEqual(ids('mine'));
    expect(await found('牌K')).toEqual(ids('mine'));
    expect(await found('空')).toEqual(ids(...live));
    expect(await found('挂机')).toEqual(ids(...live));
    expect(await found('空调')).toEqual(ids(...live));
    expect(await found('调空')).toEqual([]);
    expect(await found('牌王')).toEqual([]);
    expect(await found('KFR-35GW/BpR3', other.token)).toEqual([p.theirs]);
  });

  it('finds model numbers in any case, and not a deleted product', async () => {
    expect(await found('kfr-35gw')).toEqual(ids('kfr'));
    expect(await found('KFR-35GW/BPR3')).toEqual(ids('kfr'));
    expect(await found('Kfr')).toEqual(ids('kfr', 'mine'));
    expect(await found('kfr-72lw')).toEqual(ids('mine'));
    expect(await found('k')).toEqual(ids('kfr', 'mine', ...dense));
    expect(await found('gone')).toEqual([]);
    expect(await found('bpr3', other.token)).toEqual([p.theirs]);
  });

  it('takes % and _ as themselves', async () => {
    expect(await found('%')).toEqual(ids('pct'));
    expect(await found('_')).toEqual(ids('pct'));
    expect(await found('100%')).toEqual(ids('pct'));
    expect(await found('0%_p')).toEqual(ids('pct'));
    expect(await found('Max100%')).toEqual(ids('pct'));
    expect(await found('Max100_Pro')).toEqual([]);
    expect(await found('1000%')).toEqual([]);
    expect(await found('a%b')).toEqual([]);
    expect(await found('\\')).toEqual([]);
    expect(await found('%', other.token)).toEqual([p.theirs]);
  });

  it('follows a model renamed by plain SQL (the index is kept by the database)', async () => {
    const id = await createProduct(t, v.vendorId, v.userId, { model: 'Rename-Old9' });
    expect(await found('old9')).toEqual([id]);
    await sql`update products set model_name = ${'Rename-NEW9'} where id = ${id}`.execute(t.db);
    expect(await found('old9')).toEqual([]);
    expect(await found('new9')).toEqual([id]);
    await sql`delete from products where id = ${id}`.execute(t.db);
    expect(await found('new9')).toEqual([]);
  });

  it('answers a keyword over the products as they are now, whoever changed them', async () => {
    const a = await createProduct(t, v.vendorId, v.userId, { model: 'Rev-Q8-a' });
    const b = await createProduct(t, v.vendorId, v.userId, { model: 'Rev-Q8-b' });
    const total = async (keywords: string) => (await list({ keywords })).total;
    const ids = async (keywords: string, pageNum = 1, pageSize = 10) => (await list({ keywords, pageNum, pageSize })).rows.map((r: any) => r.id);
    for (const kw of ['q8', 'rev-q8']) {
      expect(await total(kw)).toBe(2);
      expect(await ids(kw)).toEqual([b, a]);
      expect(await ids(kw, 2, 1)).toEqual([a]);
    }
    await sql`update products set installation_fen = 9900 where id = ${a}`.execute(t.db);
    expect(await total('q8')).toBe(2);
    await sql`update products set model_name = ${'Rev-X9-a'} where id = ${a}`.execute(t.db);
    expect(await total('q8')).toBe(1);
    expect(await ids('rev-q8')).toEqual([b]);
    await sql`update products set deleted_at = ${nowIso()} where id = ${b}`.execute(t.db);
    expect(await total('q8')).toBe(0);
    await sql`update products set model_name = ${'Rev-Q8-a'}, deleted_at = null where id in (${a}, ${b})`.execute(t.db);
    expect(await ids('rev-q8')).toEqual([b, a]);
    // A created_at moved by a data fix moves the product's place in the list.
    await sql`update products set created_at = ${'2030-01-01 00:00:00'} where id = ${a}`.execute(t.db);
    expect(await ids('rev-q8')).toEqual([a, b]);
    expect(await ids('q8', 2, 1)).toEqual([b]);
    const [c, d] = await Promise.all([createProduct(t, v.vendorId, v.userId, { model: 'Rev-Q8-c' }), createProduct(t, v.vendorId, v.userId, { model: 'Rev-Q8-d' }), total('q8')]);
    expect(await total('q8')).toBe(4);
    const four = await ids('q8');
    expect([four[0], four[3]]).toEqual([a, b]);
    expect(four.slice(1, 3).sort()).toEqual([c, d].sort());
    await sql`delete from products where id in (${a}, ${b}, ${c!}, ${d!})`.execute(t.db);
    expect(await total('q8')).toBe(0);
  });

  it('shows a sub-account with data scope "own" only its own products', async () => {
    expect(await found('kfr', sub.token)).toEqual(ids('mine'));
    expect((await list({ keywords: '空调' }, sub.token)).total).toBe(1);
  });

  it('counts up to the bound (ORDER_TOTAL_BOUND), answers more as the bound with totalBounded, and still pages past it', async () => {
    const all = await list({ keywords: 'dense-k7' });
    expect(all).toMatchObject({ code: 200, total: 5, totalBounded: true });
    expect(all.rows.map((r: any) => r.id)).toEqual(ids(...dense).reverse());
    const paged = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const b = await list({ keywords: 'Dense-K7', pageSize: 2, pageNum });
      expect(b).toMatchObject({ total: 5, totalBounded: true });
      paged.push(...b.rows.map((r: any) => r.id));
    }
    expect(paged).toEqual(ids(...dense).reverse());
    expect((await list({ keywords: 'dense-k7', pageSize: 2, pageNum: 4 })).rows).toEqual([]);
    // One and two characters (exact in the index) and with a review-status filter too.
    expect(await list({ keywords: '挂', pageSize: 2 })).toMatchObject({ total: 5, totalBounded: true });
    expect(await list({ keywords: '挂机', pageSize: 2, isCheck: 1 })).toMatchObject({ total: 5, totalBounded: true });
    // Within the bound: exact and unflagged.
    const few = await list({ keywords: 'kfr', pageSize: 1 });
    expect(few.total).toBe(2);
    expect(few).not.toHaveProperty('totalBounded');
    expect(await list({ keywords: 'Nowhere-9' })).toMatchObject({ total: 0, rows: [] });
    // Without a filter the total comes from product_counts, exact: 10 live products.
    const unfiltered = await list({ pageSize: 2 });
    expect(unfiltered.total).toBe(10);
    expect(unfiltered).not.toHaveProperty('totalBounded');
    expect((await list({ pageSize: 2 }, sub.token)).total).toBe(1);
    expect((await list({ pageSize: 2, isCheck: 0 })).total).toBe(0);
  });

  it('matches a price range by any offered price, counted once per product, bounded past ORDER_TOTAL_BOUND', async () => {
    const priced = async (minPrice?: number, maxPrice?: number, extra: Record<string, string | number> = {}) => {
      const q: Record<string, string | number> = { ...extra };
      if (minPrice !== undefined) q.minPrice = minPrice;
      if (maxPrice !== undefined) q.maxPrice = maxPrice;
      return list(q);
    };
    // 250 yuan: only 王牌 (both of its prices are 250: one product, not two).
    expect(await priced(250, 250)).toMatchObject({ total: 1, rows: [{ id: p.mine }] });
    // 120–300: kfr (120), pct (300 and 200, once), mine (250).
    const r = await priced(120, 300);
    expect(r.total).toBe(3);
    expect(r.rows.map((x: any) => x.id).sort((a: number, b: number) => a - b)).toEqual(ids('kfr', 'pct', 'mine'));
    // Only a minimum, only a maximum.
    expect((await priced(500)).rows.map((x: any) => x.id)).toEqual([p.plain]);
    expect((await priced(undefined, 120)).rows.map((x: any) => x.id)).toEqual([p.kfr]);
    // The six dense products (400–405 and 450 yuan each) and plain (500): bounded.
    const many = await priced(400, 500, { pageSize: 3 });
    expect(many).toMatchObject({ total: 5, totalBounded: true });
    expect(many.rows).toHaveLength(3);
    // With a sub-account's scope and a keyword together.
    expect((await list({ minPrice: 100, maxPrice: 300 }, sub.token)).total).toBe(1);
    expect(await list({ minPrice: 100, maxPrice: 300, keywords: 'max' })).toMatchObject({ total: 1, rows: [{ id: p.pct }] });
    // A price changed by plain SQL is followed.
    await sql`update products set repair_fen = 77700 where id = ${p.kfr}`.execute(t.db);
    expect((await priced(777, 777)).rows.map((x: any) => x.id)).toEqual([p.kfr]);
    await sql`update products set repair_fen = null where id = ${p.kfr}`.execute(t.db);
    expect((await priced(777, 777)).total).toBe(0);
  });

  it('finds through the index exactly what a scan with (i)like finds (PostgreSQL: index forced)', async () => {
    const pg = t.config.isPostgres;
    const text = pg
      ? sql`products.model_name || chr(31) || products.category_name || chr(31) || products.category_name_two || chr(31) || products.category_name_one`
      : sql`products.model_name || char(31) || products.category_name || char(31) || products.category_name_two || char(31) || products.category_name_one`;
    const keywords = ['王', '王牌', 'KFR', 'kfr-35gw', 'bPr3', '%', '_', '100%', 'Max100_Pro', '7', 'Dense-K', 'x', '挂机', 'K7', '空调挂'];
    for (const [vendorId, token] of [[v.vendorId, v.token], [other.vendorId, other.token]] as const) {
      for (const kw of keywords) {
        const scan = await sql<{ id: number }>`select id from products where vendor_id = ${vendorId} and deleted_at is null and ${text} ${sql.raw(pg ? 'ilike' : 'like')} ${likePattern(kw)} escape '\\' order by id`.execute(t.db);
        expect(await found(kw, token), `${vendorId} ${kw}`).toEqual(scan.rows.map((r) => Number(r.id)));
      }
    }
    if (pg) {
      // On a table this small the planner prefers any btree; with the others dropped (and rolled back) the
      // keyword condition must be served by products_keys.
      const plan = await t.db.transaction().execute(async (tx) => {
        for (const ix of ['products_live_list', 'products_live_category', 'products_live_category_two', 'products_live_category_one', 'products_vendor_check', 'products_check_created']) {
          await sql`drop index ${sql.raw(ix)}`.execute(tx);
        }
        await sql`set local enable_seqscan = off`.execute(tx);
        const r = await sql`explain select id from products where vendor_id = ${v.vendorId} and deleted_at is null
          and vendor_text_keys(vendor_id, ${text}) @> vendor_keyword_keys(${v.vendorId}::integer, ${'kfr'}::text)`.execute(tx);
        throw Object.assign(new Error('roll back'), { plan: r });
      }).catch((e: { plan: { rows: unknown[] } }) => e.plan);
      expect(JSON.stringify(plan.rows)).toContain('products_keys');
    }
  });
});
