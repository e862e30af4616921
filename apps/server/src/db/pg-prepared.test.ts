import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../test/helper';
import { NAMED, NAMED_ONE_PLAN, ONE_PLAN_MARK, PREPARED_MARK } from './pg-prepared';

// Decision 189: a statement that holds PREPARED_MARK is named on PostgreSQL (parsed once a
// connection, its plan kept), every other one stays unnamed; on SQLite the mark is a comment.
const postgres = process.env.TEST_DATABASE === 'postgres';

describe('named statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  // On one connection (a transaction), the statements this connection has prepared.
  const preparedAfter = (run: (tx: TestApp['db']) => Promise<unknown>) =>
    t.db.transaction().execute(async (tx) => {
      await run(tx as unknown as TestApp['db']);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx)).rows.map((r) => r.statement);
    });

  it.runIf(postgres)('names a marked statement and gives it the same answers', async () => {
    const prepared = await preparedAfter(async (tx) => {
      for (const v of [1, 2, 3, 4, 5, 6, 7]) {
        const r = await sql<{ n: number }>`${NAMED}select ${v}::integer + 1 as n`.execute(tx);
        expect(r.rows[0]!.n).toBe(v + 1);
      }
    });
    expect(prepared.some((s) => s.startsWith(PREPARED_MARK) && s.includes('$1::integer + 1'))).toBe(true);
  });

  it.runIf(postgres)('leaves an unmarked statement unnamed', async () => {
    const prepared = await preparedAfter((tx) => sql`select ${5}::integer * 3 as unmarked_statement`.execute(tx));
    expect(prepared.some((s) => s.includes('unmarked_statement'))).toBe(false);
  });

  // Decision 198: a page's `limit $n offset $m` makes PostgreSQL plan a named statement again on every
  // call; one that also holds ONE_PLAN_MARK runs under force_generic_plan, set and reset around it.
  const page = (tx: TestApp['db'], limit: number, offset: number) =>
    sql<{ n: number }>`${NAMED_ONE_PLAN}select count(*)::integer as n from (select g from generate_series(1, 5) g order by g desc limit ${limit} offset ${offset}) p`.execute(tx);
  const mode = async (db: TestApp['db']) => (await sql<{ m: string }>`select current_setting('plan_cache_mode') as m`.execute(db)).rows[0]!.m;

  it.runIf(postgres)('plans a one-plan statement once and leaves the plan mode as it was', async () => {
    const [plans, after] = await t.db.transaction().execute(async (trx) => {
      const tx = trx as unknown as TestApp['db'];
      for (let i = 0; i < 8; i++) expect((await page(tx, 2, i)).rows[0]!.n).toBe(Math.max(0, Math.min(2, 5 - i)));
      const kept = await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans from pg_prepared_statements
        where statement like ${`%${ONE_PLAN_MARK}%limit $1 offset $2%`}`.execute(tx);
      return [kept.rows, await mode(tx)] as const;
    });
    expect(plans).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
    expect(after).toBe('auto');
  });

  it.runIf(postgres)('leaves the plan mode as it was when a one-plan statement fails, in a transaction or not', async () => {
    await t.db.connection().execute(async (conn) => {
      const db = conn as unknown as TestApp['db'];
      await expect(page(db, 1, -1)).rejects.toThrow(/OFFSET must not be negative/);
      expect(await mode(db)).toBe('auto');
      await expect(db.transaction().execute((tx) => page(tx as unknown as TestApp['db'], 1, -1))).rejects.toThrow(/OFFSET must not be negative/);
      expect(await mode(db)).toBe('auto');
      expect((await page(db, 1, 0)).rows[0]!.n).toBe(1);
      expect(await mode(db)).toBe('auto');
    });
  });

  // Decision 211: the mode stays as the last statement left it; a set or reset goes out only before a
  // statement that needs the other one, and a transaction's rollback (which undoes them) is followed.
  const namedMode = async (db: TestApp['db'], onePlan = false) =>
    (await sql<{ m: string }>`${onePlan ? NAMED_ONE_PLAN : NAMED}select current_setting('plan_cache_mode') as m`.execute(db)).rows[0]!.m;

  it.runIf(postgres)('keeps the generic mode for the named statements after a one-plan one, and auto for an unnamed one', async () => {
    await t.db.connection().execute(async (conn) => {
      const db = conn as unknown as TestApp['db'];
      expect(await namedMode(db, true)).toBe('force_generic_plan');
      expect(await namedMode(db)).toBe('force_generic_plan');
      expect((await page(db, 2, 0)).rows[0]!.n).toBe(2);
      expect(await mode(db)).toBe('auto');
      expect(await namedMode(db)).toBe('auto');
      expect(await namedMode(db, true)).toBe('force_generic_plan');
    });
  });

  it.runIf(postgres)('runs a one-plan statement generic and an unnamed one auto after a transaction that changed the mode ends', async () => {
    await t.db.connection().execute(async (conn) => {
      const db = conn as unknown as TestApp['db'];
      expect(await mode(db)).toBe('auto');
      // The set sent inside is undone by the rollback.
      await expect(db.transaction().execute(async (tx) => {
        expect(await namedMode(tx as unknown as TestApp['db'], true)).toBe('force_generic_plan');
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await namedMode(db)).toBe('auto');
      expect(await namedMode(db, true)).toBe('force_generic_plan');
      // The reset sent inside is undone by the rollback.
      await expect(db.transaction().execute(async (tx) => {
        expect(await mode(tx as unknown as TestApp['db'])).toBe('auto');
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await namedMode(db)).toBe('force_generic_plan');
      expect(await mode(db)).toBe('auto');
      // Committed, the set stays.
      await db.transaction().execute(async (tx) => expect(await namedMode(tx as unknown as TestApp['db'], true)).toBe('force_generic_plan'));
      expect(await namedMode(db)).toBe('force_generic_plan');
      expect(await mode(db)).toBe('auto');
    });
  });

  it('answers the list through its named statements on either database', async () => {
    const v = await createVendor(t);
    for (let i = 0; i < 3; i++) {
      const r = await get(t, API.orderList, { token: v.token, query: { pageNum: 1, pageSize: 10 } });
      expect(r.body.code).toBe(200);
      expect(r.body.total).toBe(0);
    }
  });
});
