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
  // Port 0 in cluster workers is one random port shared by all of them.
  await app.listen({ host: '127.0.0.1', port: 0 });
  if (cluster.isPrimary) announce((app.server.address() as { port: number }).port);
  process.on('SIGTERM', () => void app.close().then(() => handle.db.destroy()).finally(() => process.exit(0)));
}
