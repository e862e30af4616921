import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { gramTokens } from '../../db/search-grams';
import { down as undoSqlTokens, gramsSql, up as sqlTokens } from '../../db/migrations/2026-12-07-010-order-grams-in-sql';
import { addOrder, createProduct } from './orders.fixtures';

// The keyword index is kept by the database alone (decision 130): a writer that opens the database
// itself, without the app's connection setup or its registered SQL functions, writes orders that the
// keyword finds, and stops finding what it removed.

/** One statement (`?` parameters) through a connection of the test's database that the app did not open. */
type RawRun = (sqlText: string, params?: unknown[]) => Promise<void>;
async function rawConnection(t: TestApp): Promise<{ run: RawRun; hasAppFunction: () => Promise<boolean>; close: () => Promise<void> }> {
  const url = t.config.DATABASE_URL;
  if (!url.startsWith('postgres')) {
    const db = new Sqlite(url);
    db.pragma('busy_timeout = 5000');
    return {
      run: async (s, p = []) => void db.prepare(s).run(...p),
      hasAppFunction: async () => {
        try {
          db.prepare(`select order_search_grams(1, 'a')`).get();
          return true;
        } catch {
          return false;
        }
      },
      close: async () => void db.close(),
    };
  }
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let n = 0;
  return { run: async (s, p = []) => void (await c.query(s.replace(/\?/g, () => `$${++n}`), p), (n = 0)), hasAppFunction: async () => false, close: () => c.end() };
}

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  other = await createVendor(t);
});
afterAll(async () => t.close());

const found = async (keyWords: string, token = v.token) => (await get(t, API.orderList, { token, query: { keyWords } })).body.rows.map((r: any) => r.id).sort();

describe('orders written without the app', () => {
  it('are found by keyword through the API, and stop being found by what was removed', async () => {
    const p = await createProduct(t, v.vendorId, v.userId, { model: 'Raw-M1' });
    const id = await addOrder(t, v.token, [p], { remarks: '旧的备注' });
    const raw = await rawConnection(t);
    try {
      expect(await raw.hasAppFunction()).toBe(false);
      await raw.run(`update orders set remarks = ?, real_name = ? where id = ?`, ['外部修正Zq7', '欧阳娜娜', id]);
      // A copy of the order with its own number, as a data fix might insert one.
      const cols = ['vendor_id', 'created_by', 'status', 'node', 'parole', 'service_type', 'real_name', 'phone', 'province_id', 'province_name', 'city_id', 'city_name',
        'district_id', 'district_name', 'detail_address', 'remarks', 'total_fen', 'real_pay_fen', 'created_at', 'updated_at'];
      await raw.run(`insert into orders (order_no, ${cols.join(', ')}) select ?, ${cols.join(', ')} from orders where id = ?`, ['RAWNO-0001', id]);
      await raw.run(`update order_products set model_name = ? where order_id = ?`, ['Fixed-KX9', id]);
    } finally {
      await raw.close();
    }
    const copy = (await t.db.selectFrom('orders').select('id').where('order_no', '=', 'RAWNO-0001').executeTakeFirstOrThrow()).id;
    expect(await found('外部修正')).toEqual([id, copy].sort());
    expect(await found('zQ7')).toEqual([id, copy].sort());
    expect(await found('欧阳')).toEqual([id, copy].sort());
    expect(await found('欧')).toEqual([id, copy].sort());
    expect(await found('rawno-0001')).toEqual([copy]);
    expect(await found('fixed-kx9')).toEqual([id]);
    expect(await found('旧的备注')).toEqual([]);
    expect(await found('Raw-M1')).toEqual([]);
    expect(await found('外部修正', other.token)).toEqual([]);
  });
});

describe('an order created with its lines', () => {
  it('is found by its own fields and its line, with one search row', async () => {
    const p = await createProduct(t, v.vendorId, v.userId, { model: 'Once-W8' });
    const id = await addOrder(t, v.token, [p], { realName: '司马相如' });
    expect(await found('once-w8')).toEqual([id]);
    expect(await found('相如')).toEqual([id]);
    const search = await t.db.selectFrom('order_search').select('body').where('order_id', '=', id).execute();
    expect(search).toHaveLength(1);
    expect(search[0]!.body).toContain('Once-W8');
  });
});

describe('an order’s source number (来源单号, decision 232)', () => {
  it('is found by keyword, as the app or a data fix writes it, and no longer once it is cleared', async () => {
    const p = await createProduct(t, v.vendorId, v.userId, { model: 'Src-P1' });
    const id = await addOrder(t, v.token, [p], { orderSource: '京东', orderSourceNum: 'JD20261201002' });
    const plain = await addOrder(t, v.token, [p]);
    expect(await found('JD20261201002')).toEqual([id]);
    expect(await found('jd2026120100')).toEqual([id]);
    expect(await found('JD20261201002', other.token)).toEqual([]);
    const raw = await rawConnection(t);
    try {
      await raw.run(`update orders set order_source_num = ? where id = ?`, ['TM-88001', plain]);
      await raw.run(`update orders set order_source_num = ? where id = ?`, ['', id]);
    } finally {
      await raw.close();
    }
    expect(await found('TM-88001')).toEqual([plain]);
    expect(await found('JD20261201002')).toEqual([]);
    expect(await found('Src-P1')).toEqual([id, plain].sort());
  });
});

describe('the migration to SQL tokens', () => {
  // SQLite's FTS5 index only.
  it.skipIf(process.env.TEST_DATABASE === 'postgres')('rebuilds the index of the orders already there', async () => {
    const p = await createProduct(t, v.vendorId, v.userId, { model: 'Rebuilt-Q5' });
    const id = await addOrder(t, v.token, [p], { realName: '上官婉儿' });
    // Back to the first tokens (the app's function), an order changed under them, then forward again.
    await undoSqlTokens(t.db);
    await t.db.updateTable('orders').set({ real_name: '上官飞燕' }).where('id', '=', id).execute();
    await sqlTokens(t.db);
    expect(await found('rebuilt-q5')).toEqual([id]);
    expect(await found('飞燕')).toEqual([id]);
    expect(await found('燕')).toEqual([id]);
    expect(await found('婉儿')).toEqual([]);
    // A later change removes the entry by the tokens it was rebuilt with.
    await t.db.updateTable('orders').set({ real_name: '上官婉儿' }).where('id', '=', id).execute();
    expect(await found('飞燕')).toEqual([]);
    expect(await found('婉儿')).toEqual([id]);
  });
});

describe('the triggers’ tokens', () => {
  it('are the ones the keyword is looked up by', () => {
    const db = new Sqlite(':memory:');
    const st = db.prepare(`select ${gramsSql('@v', '@b')} as g`);
    const texts = ['', 'a', 'Z', 'AbC-35GW/BpR3', '王建华\u001f13700001111\u001fKFR-35GW\u001f空调', '100%上门_x\\y', '🔧工具Ä É é @[`{', 'ab'.repeat(400) + '建'.repeat(300)];
    for (const vendor of [1, 9, 10, 36, 123456, 2147483647]) {
      for (const body of texts) expect((st.get({ v: vendor, b: body }) as { g: string }).g).toBe(gramTokens(vendor, body));
    }
    db.close();
  });
});
