// Temporary: CPU profile of one server process under list load.
import { mkdirSync } from 'node:fs';
import { API } from '@portal/domain/api-paths';
import { sign } from '@portal/domain/signature';
import { load } from '../bench/lib/load';
import { BENCH_SERVER_ENV, startServerProcess } from '../bench/lib/server-process';
const url = process.env.DATABASE_URL ?? '/tmp/bench-orders/orders-1000000.sqlite';
mkdirSync('/tmp/exp/prof', { recursive: true });
const server = await startServerProcess(url, '/tmp/exp/d', { workers: 1, nodeArgs: process.env.PROF === '0' ? [] : ['--cpu-prof', '--cpu-prof-dir=/tmp/exp/prof'] });
const signed = (method: string, path: string, rawQuery: string, body: string, token = '') => {
  const timestamp = String(Date.now());
  return { role: 'manufacturer', timestamp, token, signature: sign(BENCH_SERVER_ENV.SIGN_KEY, { method, path, rawQuery, timestamp, token, body }), 'content-type': 'application/json' };
};
const body = JSON.stringify({ phone: `170${String(Number(process.env.V ?? 0)).padStart(8, '0')}`, password: 'bench123456', isSubAccount: false });
const token = (await fetch(server.base + API.login, { method: 'POST', headers: signed('POST', API.login, '', body), body }).then((x) => x.json())).data.token;
const qs = process.env.QS ?? 'pageNum=1&pageSize=50';
const u = `${server.base}${API.orderList}?${qs}`;
await load(u, signed('GET', API.orderList, qs, '', token), 16, 3);
const c0 = server.stats().cpuMs;
const r = await load(u, signed('GET', API.orderList, qs, '', token), 16, Number(process.env.SECS ?? 8));
console.log(r, 'cpu/call', ((server.stats().cpuMs - c0) / r.requests).toFixed(3));
await server.stop();
