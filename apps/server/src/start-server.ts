// Start-up of the server process(es): one, or WORKERS of them with node:cluster (decision 099).
import './heap-growing';
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { buildApp } from './app';
import { connectDatabase } from './db/connect';
import { setupDatabase } from './db/setup';
import { startKeywordIndexMerging } from './db/keyword-index-merging';
import { startPurging } from './db/purge';

export interface ServeOptions {
  /** Extra routes or hooks on every process's app (the benchmarks add theirs). */
  extend?: (app: FastifyInstance) => void;
  /** Called once when every process listens, with the port (PORT=0 picks one, shared by all workers). */
  onListening?: (port: number) => void;
}

/** The keyword index's periodic merge (decision 111), in the one process that set the SQLite database up. */
function startIndexMerging(config: Config) {
  if (config.isPostgres || config.DATABASE_URL === ':memory:' || !config.KEYWORD_INDEX_MERGE_SECONDS) return;
  startKeywordIndexMerging(config.DATABASE_URL, config.KEYWORD_INDEX_MERGE_SECONDS, (r) => {
    if ('error' in r) console.error(`keyword index merge: ${r.error}`);
  });
}

/** One server process: the app on the shared port (a cluster worker connects; the database is set up). */
async function serve(config: Config, databaseReady: boolean, opts: ServeOptions) {
  const handle = databaseReady ? await connectDatabase(config.DATABASE_URL) : await setupDatabase(config);
  if (!databaseReady) startIndexMerging(config);
  const app = await buildApp(config, handle);
  // Every process tries; the purge lease makes one of them do each period's round (decision 120).
  const stopPurging = startPurging(handle.db, config.isPostgres, config.PURGE_SECONDS, app.log);
  app.addHook('onClose', async () => stopPurging());
  opts.extend?.(app);
  await app.listen({ host: config.HOST, port: config.PORT });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      app.close().then(() => handle.db.destroy()).finally(() => process.exit(0));
    });
  }
  return (app.server.address() as { port: number }).port;
}

/** Several processes: migrate and seed once here, then fork workers and replace any that dies. */
async function supervise(config: Config, opts: ServeOptions) {
  const setup = await setupDatabase(config);
  await setup.db.destroy();
  startIndexMerging(config);
  let stopping = false;
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    if (++listening === config.WORKERS) opts.onListening?.(address.port);
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

/** Serve `config` with WORKERS processes (decision 099); this module's caller runs in each of them. */
export async function startServer(config: Config, opts: ServeOptions = {}) {
  if (cluster.isWorker) return void (await serve(config, true, opts));
  if (config.WORKERS > 1) return supervise(config, opts);
  opts.onListening?.(await serve(config, false, opts));
}
