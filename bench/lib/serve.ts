// The real server for a benchmark, in its own process so the load generator and the measured server
// don't share an event loop or a heap. Adds two bench-only routes: a bare route to compare against and
// the process's memory. Env: DATABASE_URL (required), BENCH_DATA_DIR. Prints {"port":N} when listening.
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { setupDatabase } from '../../apps/server/src/db/setup';

const dir = process.env.BENCH_DATA_DIR ?? '/tmp/bench-serve';
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: `${dir}/data`, LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: `${dir}/none` });
const handle = await setupDatabase(config);
const app = await buildApp(config, handle);
app.get('/bench/bare', { config: { access: 'public', signed: false } }, async () => ({ code: 200, msg: 'ok', data: null }));
app.get('/bench/memory', { config: { access: 'public', signed: false } }, async () => ({
  rss: process.memoryUsage().rss,
  maxRss: process.resourceUsage().maxRSS * 1024,
  heapUsed: process.memoryUsage().heapUsed,
  cpuMicros: process.cpuUsage().user + process.cpuUsage().system,
}));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
process.on('SIGTERM', () => void app.close().then(() => handle.db.destroy()).finally(() => process.exit(0)));
