import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helper';

// Decision 221: PostgreSQL's keyword key functions make their keys in one pass. Their keys must be the
// same set as the substr() definition the indexes were built with (decisions 131, 207), or an index
// built before the change would miss rows that the new function's keyword keys look for.
const postgres = process.env.TEST_DATABASE === 'postgres';

/** The keys as migration 2026-12-07-020 defined them: every unigram and bigram of lower(body), distinct. */
const substrKeys = (vendor: number, body: string) => sql<{ keys: string[] }>`
  select array(select distinct ${vendor}::text || ':' || k from (
    select substr(t, i, 2) as k from generate_series(1, length(t) - 1) i
    union all
    select substr(t, i, 1) from generate_series(1, length(t)) i) x) as keys
  from (select lower(${body}::text) as t) s`;

const TEXTS = [
  '',
  '王',
  '王建华',
  'KFR-35GW/BpR3\u001f13700000001\u001f王建华\u001f请提前电话联系',
  'Max100%_Pro a_b',
  'ÉCOLE Ⅻ １２３ ß',
  '😀表情😀 aa',
  'aaaa',
];

describe.runIf(postgres)('keyword key functions on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('order_search_keys and vendor_text_keys give the same set of keys as the substr() definition', async () => {
    for (const body of TEXTS) {
      const expected = new Set((await substrKeys(42, body).execute(t.db)).rows[0]!.keys);
      for (const fn of ['order_search_keys', 'vendor_text_keys']) {
        const { rows } = await sql<{ keys: string[] }>`select ${sql.ref(fn)}(42, ${body}) as keys`.execute(t.db);
        expect(new Set(rows[0]!.keys), `${fn}(${JSON.stringify(body)})`).toEqual(expected);
      }
    }
  });

  it('answers null for a null text, as a strict function', async () => {
    const { rows } = await sql<{ keys: string[] | null }>`select order_search_keys(42, null) as keys`.execute(t.db);
    expect(rows[0]!.keys).toBeNull();
  });
});
