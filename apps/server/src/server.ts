import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { connectDatabase } from './db/connect';
import { setupDatabase } from './db/setup';
import { DEMO } from './db/seed/demo';

function banner(config: Config) {
  const url = `http://${config.HOST}:${config.PORT}`;
  const lines = [
    '',
    `  厂家服务下单门户 is running at ${url}/`,
    `  Platform console:            ${url}/#/platform/login`,
    `  Database: ${config.isPostgres ? 'PostgreSQL' : config.DATABASE_URL}${config.WORKERS > 1 ? `   (${config.WORKERS} server processes)` : ''}`,
  ];
  if (config.PORTAL_DEMO_DATA) {
    lines.push(
      '  Demo logins:',
      `    main account  phone ${DEMO.mainPhone}  password ${DEMO.password}`,
      `    sub-account   account ${DEMO.subAccount}  password ${DEMO.password}`,
      `    operator      account ${DEMO.operatorAccount}  password ${DEMO.operatorPassword}`,
    );
  }
  if (config.PORTAL_DEV_OUTBOX) lines.push(`  SMS outbox (development):    ${url}/api/dev/outbox?phone=13800138000`);
  return lines.join('\n') + '\n';
}

/** One server process: the app on the shared port (a cluster worker connects; the database is set up). */
async function serve(config: Config, databaseReady: boolean) {
  const handle = databaseReady ? await connectDatabase(config.DATABASE_URL) : await setupDatabase(config);
  const app = await buildApp(config, handle);
  await app.listen({ host: config.HOST, port: config.PORT });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      app.close().then(() => handle.db.destroy()).finally(() => process.exit(0));
    });
  }
}

/** Several processes: migrate and seed once here, then fork workers and replace any that dies. */
async function supervise(config: Config) {
  const setup = await setupDatabase(config);
  await setup.db.destroy();
  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.WORKERS) console.log(banner(config));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    // A worker that dies at start-up would otherwise be re-forked in a tight loop.
    setTimeout(() => cluster.fork(), 1000);
  });
  for (let i = 0; i < config.WORKERS; i++) cluster.fork();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      cluster.on('exit', () => {
        if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      });
    });
  }
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  if (cluster.isWorker) return serve(config, true);
  if (config.WORKERS > 1) return supervise(config);
  await serve(config, false);
  console.log(banner(config));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
