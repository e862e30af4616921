import { API } from '@portal/domain/api-paths';
import { sign } from '@portal/domain/signature';
import { BENCH_SERVER_ENV, startServerProcess } from '../bench/lib/server-process';
const url = process.env.DATABASE_URL ?? '/tmp/bench-orders/orders-1000000.sqlite';
const server = await startServerProcess(url, '/tmp/exp/d', { workers: 1 });
const signed = (method: string, path: string, rawQuery: string, body: string, token = '') => {
  const timestamp = String(Date.now());
  return { role: 'manufacturer', timestamp, token, signature: sign(BENCH_SERVER_ENV.SIGN_KEY, { method, path, rawQuery, timestamp, token, body }), 'content-type': 'application/json' };
};
const body = JSON.stringify({ phone: `170${String(0).padStart(8, '0')}`, password: 'bench123456', isSubAccount: false });
const token = (await fetch(server.base + API.login, { method: 'POST', headers: signed('POST', API.login, '', body), body }).then((x) => x.json())).data.token;
const qs = 'pageNum=1&pageSize=50';
const r = await fetch(`${server.base}${API.orderList}?${qs}`, { headers: signed('GET', API.orderList, qs, '', token) });
const t = await r.text();
console.log([...r.headers].map(([k, v]) => `${k}: ${v}`).join('\n'));
console.log('bytes', Buffer.byteLength(t));
console.log(JSON.stringify(JSON.parse(t).rows?.[0] ?? JSON.parse(t).data?.rows?.[0] ?? JSON.parse(t), null, 0).slice(0, 3000));
await server.stop();
