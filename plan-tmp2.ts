import Sqlite from 'better-sqlite3';
import { keywordMatch } from './apps/server/src/db/search-grams';
import { textGramsQuery } from './apps/server/src/lib/keyword-index';
const [file, mode, v, kw] = process.argv.slice(2);
const db = new Sqlite(file!, { readonly: true });
const vendor = Number(v);
function time(label: string, sql: string, params: unknown[]) {
  const st = db.prepare(sql);
  console.log(label, '\n  ' + (db.prepare('explain query plan ' + sql).all(...params) as any[]).map((r) => r.detail).join('\n  '));
  st.all(...params);
  const t0 = performance.now(); let n = 0;
  for (let i = 0; i < 5; i++) n = st.all(...params).length;
  console.log(`  ${((performance.now() - t0) / 5).toFixed(2)} ms, ${n} rows`);
}
if (mode === 'orders') {
  const m = keywordMatch(vendor, kw!);
  const from = `order_grams g join orders o on o.id = (g.rowid & 4294967295) where order_grams match ? and o.vendor_id = ?`;
  time('page', `select o.id from ${from} order by g.rowid desc limit 50`, [m, vendor]);
  time('page+status', `select o.id from ${from} and o.status in (700) order by g.rowid desc limit 50`, [m, vendor]);
  time('count', `select count(*) from (select 1 from ${from} limit 10001)`, [m, vendor]);
} else {
  const { match } = textGramsQuery(vendor, kw!);
  const from = `product_grams g join products p on p.id = (g.rowid & 4294967295) where product_grams match ? and p.vendor_id = ? and p.deleted_at is null and (p.model_name || char(31) || p.category_name || char(31) || p.category_name_two || char(31) || p.category_name_one) like '%${kw}%'`;
  time('page', `select p.id from ${from} order by g.rowid desc limit 10`, [match, vendor]);
  time('count', `select count(*) from (select 1 from ${from} limit 10001)`, [match, vendor]);
}
