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
const LABEL = { accept: '待接单', appointment: '待预约', checkIn: '待上门', completion: '待完工', urgent: '加急时效' };
const sh = (iso) => { if (!iso) return ''; const d = new Date(Date.parse(iso) + 8 * 3600e3).toISOString(); return d.slice(0, 10) + ' ' + d.slice(11, 19); };
const now = Date.now();
const splice = (rows) => {
  const parts = [];
  for (const r of rows) {
    if (parts.length) parts.push(Buffer.from(','));
    parts.push(r.card.subarray(0, -1), Buffer.from(`,"userInfo":{"name":${JSON.stringify(r.name)}},"sla":${JSON.stringify({ stage: r.sla_stage, stageName: LABEL[r.sla_stage] ?? '', dueAt: sh(r.sla_due_at), overdue: !!r.sla_due_at && Date.parse(r.sla_due_at) < now, breaches: r.sla_breaches })}}`));
  }
  return Buffer.concat(parts);
};
const fromSub = `from (${page}) o left join order_cards c on c.order_id = o.id`;
const nameSub = `(select ${name} from users u where u.id = o.created_by)`;
const spliceText = (rows) => {
  let out = '';
  for (const r of rows) {
    if (out) out += ',';
    out += r.card.slice(0, -1) + `,"userInfo":{"name":${JSON.stringify(r.name)}},"sla":${JSON.stringify({ stage: r.sla_stage, stageName: LABEL[r.sla_stage] ?? '', dueAt: sh(r.sla_due_at), overdue: !!r.sla_due_at && Date.parse(r.sla_due_at) < now, breaches: r.sla_breaches })}}`;
  }
  return Buffer.from(out);
};
const suffix = `',"userInfo":{"name":' || to_json(${nameSub})::text || '},"sla":{"stage":' || coalesce('"' || o.sla_stage || '"', 'null') || ',"stageName":"' || ${stage} || '","dueAt":"' || coalesce(left((o.sla_due_at::timestamp + interval '8 hours')::text, 19), '') || '","overdue":' || case when o.sla_due_at < $2 then 'true' else 'false' end || ',"breaches":' || o.sla_breaches || '}}'`;
const variants = {
  cheapAggText: [`select ${agg}, string_agg(left(convert_from(c.card, 'UTF8'), -1) || ${suffix}, ',' order by o.created_at desc, o.id desc) as body ${fromSub}`, (r) => Buffer.from(r.rows[0].body)],
  cheapAggBytea: [`select ${agg}, string_agg(substr(c.card, 1, length(c.card) - 1) || convert_to(${suffix}, 'UTF8'), ','::bytea order by o.created_at desc, o.id desc) as body ${fromSub}`, (r) => r.rows[0].body],
  currentSub: [`select ${agg}, string_agg(substr(c.card, 1, length(c.card) - 1) || convert_to(',"userInfo":{"name":' || to_json(${nameSub})::text || '},"sla":' || json_build_object('stage', o.sla_stage, 'stageName', ${stage}, 'dueAt', coalesce(to_char(o.sla_due_at::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), ''), 'overdue', coalesce(o.sla_due_at < $2, false), 'breaches', o.sla_breaches)::text || '}', 'UTF8'), ','::bytea order by o.created_at desc, o.id desc) as body ${fromSub}`, (r) => r.rows[0].body],
  rowsSpliceSub: [`select c.card, c.rev = o.list_rev and c.card_key = $1 as fresh, ${nameSub} as name, o.sla_stage, o.sla_due_at, o.sla_breaches, $2::text as now ${fromSub}`, (r) => splice(r.rows)],
  rowsSpliceSubText: [`select convert_from(c.card, 'UTF8') as card, c.rev = o.list_rev and c.card_key = $1 as fresh, ${nameSub} as name, o.sla_stage, o.sla_due_at, o.sla_breaches, $2::text as now ${fromSub}`, (r) => spliceText(r.rows)],
  current: [`select ${agg}, string_agg(substr(c.card, 1, length(c.card) - 1) || convert_to(',"userInfo":{"name":' || to_json(${name})::text || '},"sla":' || json_build_object('stage', o.sla_stage, 'stageName', ${stage}, 'dueAt', coalesce(to_char(o.sla_due_at::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), ''), 'overdue', coalesce(o.sla_due_at < $2, false), 'breaches', o.sla_breaches)::text || '}', 'UTF8'), ','::bytea order by o.created_at desc, o.id desc) as body ${from}`, (r) => r.rows[0].body],
  rowsSplice: [`select c.card, c.rev = o.list_rev and c.card_key = $1 as fresh, ${name} as name, o.sla_stage, o.sla_due_at, o.sla_breaches, $2::text as now ${from}`, (r) => splice(r.rows)],
  rowsSpliceNoName: [`select c.card, c.rev = o.list_rev and c.card_key = $1 as fresh, o.created_by, o.sla_stage, o.sla_due_at, o.sla_breaches, $2::text as now from (${page}) o left join order_cards c on c.order_id = o.id`, (r) => r.rows.length],
};
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const only = process.env.ONLY?.split(',');
const values = ['d39fc3c34938822a', new Date().toISOString(), V, 50, 0];
let ref;
for (let round = 0; round < ROUNDS; round++) for (const [label, [text, post]] of Object.entries(variants)) {
  if (only && !only.includes(label)) continue;
  const q = { name: label, text, values };
  for (let i = 0; i < 100; i++) await c.query(q);
  const out = post(await c.query(q));
  if (label === 'current') ref = out; else if (ref && Buffer.isBuffer(out)) console.log('same bytes as current:', out.equals(ref), out.length, ref.length);
  const t0 = ticks(); const cpu0 = process.cpuUsage(); const w0 = performance.now();
  for (let i = 0; i < N; i++) post(await c.query(q));
  const cpu = process.cpuUsage(cpu0);
  console.log(`${label.padEnd(16)} pg ${((ticks() - t0) / N * 1000).toFixed(0).padStart(5)} us  node ${((cpu.user + cpu.system) / N).toFixed(0).padStart(4)} us (sys ${(cpu.system / N).toFixed(0)})  wall ${((performance.now() - w0) / N * 1000).toFixed(0).padStart(5)} us`);
}
await c.end();
