import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../test/helper';
import { NAMED, PREPARED_MARK } from './pg-prepared';

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

  it('answers the list through its named statements on either database', async () => {
    const v = await createVendor(t);
    for (let i = 0; i < 3; i++) {
      const r = await get(t, API.orderList, { token: v.token, query: { pageNum: 1, pageSize: 10 } });
      expect(r.body.code).toBe(200);
      expect(r.body.total).toBe(0);
    }
  });
});
