import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../test/helper';
import { addOrder, createProduct } from '../modules/orders/orders.fixtures';
import { keywordIndexSegments, mergeKeywordIndex } from './keyword-index-merge.mjs';
import { startKeywordIndexMerging } from './keyword-index-merging';

// SQLite's keyword index gains a segment per write; the merge (decision 111) must leave fewer segments
// and the same answers, alone and on its own thread.
const postgres = process.env.TEST_DATABASE === 'postgres';

// PostgreSQL searches order_search with ilike (decision 102): it has no keyword index to merge.
if (postgres) {
  describe('keyword index merge on PostgreSQL', () => {
    it('has no keyword index to merge', async () => {
      const t = await startTestApp();
      const r = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name like 'order_grams%'`.execute(t.db);
      expect(r.rows[0]!.n).toBe(0);
      await t.close();
    });
  });
}

if (!postgres) describe('keyword index merge', () => {
  let t: TestApp;
  let v: Awaited<ReturnType<typeof createVendor>>;
  let raw: Sqlite.Database;
  const keywords = ['MERGE-A', 'merge-b', '合并', '1380013', 'Nowhere'];
  const answers = async () => {
    const out: unknown[] = [];
    for (const keyWords of keywords) out.push((await get(t, API.orderList, { token: v.token, query: { keyWords, pageSize: 200 } })).body);
    return out;
  };
  const addOrders = async (n: number) => {
    const a = await createProduct(t, v.vendorId, v.userId, { model: `MERGE-A${n}` });
    const b = await createProduct(t, v.vendorId, v.userId, { model: `MERGE-B${n}` });
    for (let i = 0; i < n; i++) await addOrder(t, v.token, i % 2 ? [a] : [a, b], { remarks: i % 3 ? '' : '合并测试' });
  };
  beforeAll(async () => {
    // Keywords through the index, however few the orders.
    t = await startTestApp({ ORDER_KEYWORD_SCAN_MAX: '0' });
    v = await createVendor(t);
    raw = new Sqlite(t.config.DATABASE_URL);
    raw.pragma('busy_timeout = 5000');
  });
  afterAll(async () => {
    raw.close();
    await t.close();
  });

  it('merges the segments that writes left, and every keyword finds what it found before', async () => {
    await addOrders(14);
    const before = await answers();
    expect((before[0] as any).total).toBe(14);
    expect(keywordIndexSegments(raw)).toBeGreaterThan(2);
    const r = await mergeKeywordIndex(raw, { pauseMs: 0 });
    expect(r.steps).toBeGreaterThan(1);
    expect(r.segmentsAfter).toBeLessThan(r.segmentsBefore);
    expect(await answers()).toEqual(before);
    // Nothing is left to merge: a second round does one step and changes nothing.
    expect(await mergeKeywordIndex(raw)).toMatchObject({ steps: 1, segmentsAfter: r.segmentsAfter });
  });

  it('merges on its own thread, once at start and then every interval', async () => {
    await addOrders(14);
    const before = await answers();
    const segments = keywordIndexSegments(raw);
    const rounds: any[] = [];
    const merging = startKeywordIndexMerging(t.config.DATABASE_URL, 1, (r) => rounds.push(r));
    for (let i = 0; rounds.length < 2 && i < 40; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await merging.stop();
    expect(rounds[0]).toMatchObject({ segmentsBefore: segments });
    expect(rounds[0].segmentsAfter).toBeLessThan(segments);
    expect(rounds[1]).toMatchObject({ steps: 1, segmentsBefore: rounds[0].segmentsAfter });
    expect(await answers()).toEqual(before);
  });
});
