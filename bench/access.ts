// Requests per second of password login and an authenticated getUserInfo, beside a bare route of the
// same server, in one run. Run: npx tsx bench/access.ts
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { loadConfig } from '../apps/server/src/config';
import { RATE_LIMITS_OFF } from '../apps/server/src/plugins/rate-limit';
import { buildApp } from '../apps/server/src/app';
import { setupDatabase } from '../apps/server/src/db/setup';
import { DEMO } from '../apps/server/src/db/seed/demo';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const dir = mkdtempSync(join(tmpdir(), 'bench-access-'));
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL ?? join(dir, 'bench.sqlite'), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '1', WEB_DIST: join(dir, 'none'), ...RATE_LIMITS_OFF });
const handle = await setupDatabase(config);
const app = await buildApp(config, handle);
app.get('/bench/bare', { config: { access: 'public', signed: false } }, async () => ({ code: 200, msg: 'ok', data: null }));
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as any).port}`;

function signed(method: string, path: string, body: string, token = '') {
  const timestamp = String(freshTimestamp());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery: '', timestamp, token, body }), 'content-type': 'application/json' };
}

const loginBody = JSON.stringify({ phone: DEMO.mainPhone, password: DEMO.password, isSubAccount: false });
const login = await fetch(base + API.login, { method: 'POST', headers: signed('POST', API.login, loginBody), body: loginBody }).then((r) => r.json());
const token = login.data.token as string;

async function measure(title: string, opts: Omit<autocannon.Options, 'url'>) {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts, url: base });
  const errors = r.errors + r.non2xx;
  console.log(`${title.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${errors}`);
  return r;
}

console.log(`${CONNECTIONS} connections, ${DURATION} s each, ${config.isPostgres ? 'PostgreSQL' : 'SQLite'}`);
await measure('bare route', { requests: [{ method: 'GET', path: '/bench/bare' }] });
// A read's signature is valid for 5 minutes, so one signed GET can be replayed by the load tool; a
// write's is accepted once (decision 225), so each login is signed as it is sent.
await measure('GET getUserInfo (authenticated)', { requests: [{ method: 'GET', path: API.userInfo, headers: signed('GET', API.userInfo, '', token) }] });
await measure('POST login (scrypt password check)', {
  requests: [{ method: 'POST', path: API.login, body: loginBody, setupRequest: (req) => ({ ...req, headers: signed('POST', API.login, loginBody) }) }],
});

await app.close();
await handle.db.destroy();
rmSync(dir, { recursive: true, force: true });
