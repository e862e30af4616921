// bench/orders.ts on PostgreSQL: the same vendors, products and orders as its SQLite seeding, made by
// set-based SQL (the triggers fill order_search, its keyword index, the cards and the counts).
// The other vendors' orders are dealt round-robin instead of in runs: the same sizes, the same mix.
import pg from 'pg';
import type { Config } from '../../apps/server/src/config';
import { setupDatabase } from '../../apps/server/src/db/setup';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['建华', '美玲', '志刚', '秀英', '磊', '婷婷', '国庆', '晓燕', '文斌', '静', '海涛', '丽'];
const MODELS = ['KFR-35GW/BP3DN8Y', 'EC6002-MC5', 'MRC1892-600G', 'CXW-260-E610', 'XQG100-HBD14126L'];
const STATUSES = [100, 200, 300, 400, 500, 510, 600, 650, 700, 700, 700, 800];
const NODE: Record<number, number> = { 100: 110, 200: 210, 300: 310, 400: 410, 500: 510, 510: 530, 600: 560, 650: 630, 700: 710, 800: 810 };


/** Creates the database of `url` afresh, migrates it and seeds `total` orders (`big` for the first vendor). */
export async function seedPostgres(config: Config, url: string, total: number, big: number, vendors: number, passwordHash: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const setup = await setupDatabase({ ...config, DATABASE_URL: url });
  await setup.db.destroy();
  const t0 = Date.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const now = new Date().toISOString();
  await c.query(`insert into vendors (company, created_at, balance_fen) select '压测厂家' || v, $1, case when v < 2 then 10000000000 else 0 end from generate_series(0, $2 - 1) v order by v`, [now, vendors]);
  await c.query(`insert into users (vendor_id, is_sub, phone, name, password_hash, created_at)
    select id, 0, '170' || lpad((id - 1)::text, 8, '0'), '厂家' || (id - 1), $1, $2 from vendors order by id`, [passwordHash, now]);
  await c.query(`insert into products (vendor_id, created_by, category_id, category_id_one, category_id_two, category_name, category_name_one, category_name_two, model_name, installation_fen, guide_installation_fen, repair_fen, check_status, created_at)
    select u.vendor_id, u.id, 10102, 101, 1010, '1.5P', '空调', '挂机', m.model || '-' || (u.vendor_id - 1), 15000, 20000, 8000, 1, $1
    from users u cross join unnest($2::text[]) with ordinality m(model, k) order by u.vendor_id, m.k`, [now, MODELS]);
  const span = 365 * 86400_000;
  const start = Date.now();
  const statusOf = `(array[${STATUSES.join(',')}])[seq % ${STATUSES.length} + 1]`;
  const BATCH = 20_000;
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await c.query(`insert into orders (vendor_id, created_by, order_no, status, node, parole, service_type, urgent_flag, real_name, phone, province_id, province_name, city_id, city_name, district_id, district_name, detail_address, remarks, total_fen, real_pay_fen, completion_time, created_at, updated_at)
      select v.id, u.id, 'GD' || lpad(seq::text, 20, '0'), st, ('${JSON.stringify(NODE)}'::jsonb ->> st::text)::int,
        case when seq % 4 <> 0 then 1 else 2 end, seq % 4 + 1, case when seq % 9 <> 0 then 0 else 1 end,
        substr($1, seq % 20 + 1, 1) || ($2::text[])[(seq >> 3) % 12 + 1], '13' || substr((100000000 + (seq::bigint * 104729) % 900000000)::text, 1, 9),
        '310000', '上海市', '310100', '上海市', '310112', '闵行区', '莘松路' || seq % 999 || '弄' || seq % 30 || '号',
        case when seq % 6 <> 0 then '' else '请提前电话联系' end, 15000, case when st = 100 then 0 else 15000 end,
        case when st = 700 then created end, created, created
      from (select seq, ${statusOf} as st,
              to_char(to_timestamp(($3::bigint - (seq::bigint * 7919) % ${span}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
              case when seq <= $4 then 1 else 2 + (seq - $4 - 1) % ($5 - 1) end as vendor
            from generate_series($6::int, $7::int) seq) s
      join vendors v on v.id = s.vendor join users u on u.vendor_id = v.id
      order by seq`, [SURNAMES, GIVEN, start, big, vendors, from, to]);
    await c.query(`insert into order_products (order_id, vendor_id, product_id, category_name, model_name, number, price_fen)
      select o.id, o.vendor_id, p.id, '1.5P', ($1::text[])[substr(o.order_no, 3)::int % 5 + 1], 1, 15000
      from orders o join products p on p.vendor_id = o.vendor_id and p.model_name = ($1::text[])[substr(o.order_no, 3)::int % 5 + 1] || '-' || (o.vendor_id - 1)
      where o.order_no between $2 and $3 order by o.id`, [MODELS, `GD${String(from).padStart(20, '0')}`, `GD${String(to).padStart(20, '0')}`]);
    process.stdout.write(`\rseeded ${to.toLocaleString()} orders`);
  }
  await c.query('vacuum analyze');
  await c.end();
  console.log('');
  return (Date.now() - t0) / 1000;
}
