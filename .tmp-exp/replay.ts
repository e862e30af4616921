// Temporary: capture the statements of one list call, then replay each N times on one connection: PG and Node CPU per statement.
import pg from 'pg';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { API } from '@portal/domain/api-paths';
import { sign } from '@portal/domain/signature';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/connect';
import { RATE_LIMITS_OFF } from '../apps/server/src/plugins/rate-limit';
import { BENCH_SERVER_ENV } from '../bench/lib/server-process';
process.env.NODE_ENV = 'production';
const url = 'postgres://postgres@127.0.0.1:5432/bench_orders_1000000';
let capture: Array<{ text: string; values: unknown[]; name?: string }> | null = null;
const orig = pg.Client.prototype.query as any;
(pg.Client.prototype as any).query = function (q: any, v?: any, cb?: any) {
  if (capture) capture.push(typeof q === 'string' ? { text: q, values: v } : { text: q.text, values: q.values ?? v, name: q.name });
  return orig.call(this, q, v, cb);
};
const dir = mkdtempSync(join(tmpdir(), 'replay-'));
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none'), ...RATE_LIMITS_OFF, ...BENCH_SERVER_ENV });
const handle = await connectDatabase(url, { poolMax: 1 });
const app = await buildApp(config, handle);
await app.ready();
const headers = (method: string, path: string, query: string, body: string, token = '') => {
  const timestamp = String(Date.now());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery: query, timestamp, token, body }), 'content-type': 'application/json' };
};
const lb = JSON.stringify({ phone: `170${String(Number(process.env.V ?? 0)).padStart(8, '0')}`, password: 'bench123456', isSubAccount: false });
const token = (await app.inject({ method: 'POST', url: API.login, headers: headers('POST', API.login, '', lb), payload: lb })).json().data.token as string;
const qs = process.env.QS ?? 'pageNum=1&pageSize=50';
for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: `${API.orderList}?${qs}`, headers: headers('GET', API.orderList, qs, '', token) });
capture = [];
await app.inject({ method: 'GET', url: `${API.orderList}?${qs}`, headers: headers('GET', API.orderList, qs, '', token) });
const stmts = capture; capture = null;
if (process.env.SHOW) for (const s of stmts) console.log(JSON.stringify(s));
await app.close(); await handle.db.destroy();
const c = new pg.Client({ connectionString: url });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const ticks = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const N = Number(process.env.N ?? 2000);
for (const s of stmts) {
  const q = s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values };
  for (let i = 0; i < 100; i++) await c.query(q as any);
  const t0 = ticks(); const cpu0 = process.cpuUsage(); const w0 = performance.now();
  for (let i = 0; i < N; i++) await c.query(q as any);
  const cpu = process.cpuUsage(cpu0);
  console.log(`pg ${((ticks() - t0) / N * 1000).toFixed(0).padStart(5)} us  node ${((cpu.user + cpu.system) / N).toFixed(0).padStart(4)} us  wall ${((performance.now() - w0) / N * 1000).toFixed(0).padStart(5)} us  ${s.name ? 'named ' : ''}${s.text.replace(/\s+/g, ' ').slice(0, 110)}`);
}
await c.end();
