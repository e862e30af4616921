// The real server for a benchmark, in its own process(es) so the load generator and the measured
// server don't share an event loop or a heap. Adds a bench-only bare route to compare against.
// Env: DATABASE_URL (required), BENCH_DATA_DIR, WORKERS (server processes, default 1).
// Prints {"port":N} once every process listens.
import cluster from 'node:cluster';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { setupDatabase } from '../../apps/server/src/db/setup';

const dir = process.env.BENCH_DATA_DIR ?? '/tmp/bench-serve';
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, WORKERS: process.env.WORKERS, DATA_DIR: `${dir}/data`, LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: `${dir}/none` });
const announce = (port: number) => process.stdout.write(`${JSON.stringify({ port })}\n`);

if (cluster.isPrimary && config.WORKERS > 1) {
  const setup = await setupDatabase(config);
  await setup.db.destroy();
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    if (++listening === config.WORKERS) announce(address.port);
  });
  for (let i = 0; i < config.WORKERS; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    cluster.on('exit', () => !Object.keys(cluster.workers ?? {}).length && process.exit(0));
  });
} else {
  const handle = cluster.isWorker ? await connectDatabase(config.DATABASE_URL) : await setupDatabase(config);
  const app = await buildApp(config, handle);
  app.get('/bench/bare', { config: { access: 'public', signed: false } }, async () => ({ code: 200, msg: 'ok', data: null }));
  if (process.env.BENCH_PHASE_TIMES) phaseTimes(app);
  // Port 0 in cluster workers is one random port shared by all of them.
  await app.listen({ host: '127.0.0.1', port: 0 });
  if (cluster.isPrimary) announce((app.server.address() as { port: number }).port);
  process.on('SIGTERM', () => void app.close().then(() => handle.db.destroy()).finally(() => process.exit(0)));
}

/** Where a request's time goes, by Fastify phase (bench-only; printed at exit). */
function phaseTimes(app: Awaited<ReturnType<typeof buildApp>>) {
  const sums = { toHandler: 0, handler: 0, serialize: 0, send: 0, n: 0 };
  const at = new WeakMap<object, number[]>();
  const now = () => performance.now();
  app.addHook('onRequest', async (req) => void at.set(req, [now()]));
  app.addHook('preHandler', async (req) => void at.get(req)?.push(now()));
  app.addHook('preSerialization', async (req, _r, payload) => (at.get(req)?.push(now()), payload));
  app.addHook('onSend', async (req, _r, payload) => (at.get(req)?.push(now()), payload));
  app.addHook('onResponse', async (req) => {
    const t = at.get(req);
    if (!t || t.length < 4) return;
    t.push(now());
    sums.toHandler += t[1]! - t[0]!;
    sums.handler += t[2]! - t[1]!;
    sums.serialize += t[3]! - t[2]!;
    sums.send += t[4]! - t[3]!;
    sums.n++;
  });
  process.on('SIGTERM', () => {
    const us = (v: number) => `${((v / Math.max(sums.n, 1)) * 1000).toFixed(0)} µs`;
    process.stderr.write(`phases over ${sums.n} requests: to handler ${us(sums.toHandler)}, handler ${us(sums.handler)}, serialize ${us(sums.serialize)}, send ${us(sums.send)}\n`);
  });
}
