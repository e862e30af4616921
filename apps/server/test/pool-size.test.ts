import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { defaultPoolMax, loadConfig } from '../src/config';
import { createVendor, get, startTestApp, type TestApp } from './helper';

// Decision 190: each server process keeps at most PG_POOL_MAX connections to PostgreSQL; unset, about
// 2 × cores + 1 in all, shared by the WORKERS processes, at least 2 each.

describe('PostgreSQL pool size', () => {
  it('defaults to about 2 × cores + 1 over the processes, at least 2 each; PG_POOL_MAX overrides it', () => {
    expect(defaultPoolMax(1, 2)).toBe(5);
    expect(defaultPoolMax(2, 2)).toBe(3);
    expect(defaultPoolMax(4, 2)).toBe(2);
    expect(defaultPoolMax(2, 16)).toBe(17);
    expect(loadConfig({ PG_POOL_MAX: '7', WORKERS: '2' }).PG_POOL_MAX).toBe(7);
    expect(loadConfig({ WORKERS: '64' }).PG_POOL_MAX).toBe(2);
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
  });

  describe('under 24 parallel calls', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ PG_POOL_MAX: '2' });
    });
    afterAll(async () => t?.close());

    it('answers every call and opens no more connections than PG_POOL_MAX (PostgreSQL)', async () => {
      const v = await createVendor(t);
      const answers = await Promise.all(Array.from({ length: 24 }, () => get(t, API.orderList, { token: v.token, query: { pageNum: 1, pageSize: 10 } })));
      expect(new Set(answers.map((a) => a.body.code))).toEqual(new Set([200]));
      if (!t.config.isPostgres) return;
      const r = await sql<{ n: number }>`select count(*)::int as n
        from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`.execute(t.db);
      expect(r.rows[0]!.n).toBeLessThanOrEqual(2);
    });
  });
});
