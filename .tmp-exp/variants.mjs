import pg from '/work/main/node_modules/pg/lib/index.js';
import { readFileSync } from 'node:fs';
pg.types.setTypeParser(20, Number);
const url = 'postgres://postgres@127.0.0.1:5432/bench_orders_1000000';
const c = new pg.Client({ connectionString: url });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const ticks = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const N = Number(process.env.N ?? 1500);
const V = Number(process.env.VENDOR ?? 1);
const page = `select o.id, o.list_rev, o.created_by, o.created_at, o.sla_stage, o.sla_due_at, o.sla_breaches from orders o where o.vendor_id = $3 order by o.created_at desc, o.id desc limit $4 offset $5`;
const stage = `case o.sla_stage when 'accept' then '待接单' when 'appointment' then '待预约' when 'checkIn' then '待上门' when 'completion' then '待完工' when 'urgent' then '加急时效' else '' end`;
const name = `coalesce(nullif(u.name, ''), nullif(u.account, ''), nullif(u.phone, ''), '')`;
const agg = `count(*) as n, sum(case when c.card is null or c.rev <> o.list_rev or c.card_key <> $1 then 1 else 0 end) as stale`;
const from = `from (${page}) o left join order_cards c on c.order_id = o.id left join users u on u.id = o.created_by`;
const variants = {
  current: `select ${agg}, string_agg(substr(c.card, 1, length(c.card) - 1) || convert_to(',"userInfo":{"name":' || to_json(${name})::text || '},"sla":' || json_build_object('stage', o.sla_stage, 'stageName', ${stage}, 'dueAt', coalesce(to_char(o.sla_due_at::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), ''), 'overdue', coalesce(o.sla_due_at < $2, false), 'breaches', o.sla_breaches)::text || '}', 'UTF8'), ','::bytea order by o.created_at desc, o.id desc) as body ${from}`,
  noSla: `select ${agg}, $2::text as now, string_agg(substr(c.card, 1, length(c.card) - 1) || convert_to(',"userInfo":{"name":' || to_json(${name})::text || '}}', 'UTF8'), ','::bytea order by o.created_at desc, o.id desc) as body ${from}`,
  cardsOnly: `select ${agg}, $2::text as now, string_agg(c.card, ','::bytea order by o.created_at desc, o.id desc) as body ${from}`,
  noAgg: `select o.id, c.rev, o.list_rev, c.card_key, c.card, ${name} as name, o.sla_stage, o.sla_due_at, o.sla_breaches, $1::text as k, $2::text as now ${from} order by o.created_at desc, o.id desc`,
  pageOnly: `select o.id, $1::text as k, $2::text as now from (${page}) o`,
  pageCards: `select o.id, c.rev, length(c.card), $1::text as k, $2::text as now from (${page}) o left join order_cards c on c.order_id = o.id`,
};
const values = ['d39fc3c34938822a', new Date().toISOString(), V, 50, 0];
for (const [label, text] of Object.entries(variants)) {
  for (const binary of [false, true]) {
    if (binary && !['current', 'noAgg'].includes(label)) continue;
    const q = { name: label + binary, text, values, binary };
    for (let i = 0; i < 100; i++) await c.query(q);
    const t0 = ticks(); const cpu0 = process.cpuUsage(); const w0 = performance.now();
    let bytes = 0;
    for (let i = 0; i < N; i++) { const r = await c.query(q); if (i === 0) bytes = JSON.stringify(r.rows).length; }
    const cpu = process.cpuUsage(cpu0);
    console.log(`${(label + (binary ? ' binary' : '')).padEnd(16)} pg ${((ticks() - t0) / N * 1000).toFixed(0).padStart(5)} us  node ${((cpu.user + cpu.system) / N).toFixed(0).padStart(4)} us  wall ${((performance.now() - w0) / N * 1000).toFixed(0).padStart(5)} us  (${bytes} chars as JSON)`);
  }
}
await c.end();
