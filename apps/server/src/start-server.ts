// Start-up and shutdown of the server process(es): one, or WORKERS of them with node:cluster
// (decision 099); graceful shutdown with a timeout (decision 134).
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { buildApp } from './app';
import { connectDatabase } from './db/connect';
import { setupDatabase } from './db/setup';
import { startPurging } from './db/purge';
import { log } from './lib/logger';

export interface ServeOptions {
  /** Extra routes or hooks on every process's app (the benchmarks add theirs). */
  extend?: (app: FastifyInstance) => void;
  /** Called once when every process listens, with the port (PORT=0 picks one, shared by all workers). */
  onListening?: (port: number) => void;
}

/** `work` settled within `ms`: true; still running: false (it goes on; the caller decides). */
const within = (work: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    work.then(
      () => (clearTimeout(timer), resolve(true)),
      (err) => (clearTimeout(timer), log.error({ err }, 'shutdown step failed'), resolve(true)),
    );
  });

/**
 * The first SIGTERM or SIGINT runs `stop` and exits with its code. Later ones are ignored: Ctrl-C
 * reaches the workers directly and the primary forwards a SIGTERM as well.
 */
function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<number>) {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      stop(sig).then(
        (code) => process.exit(code),
        (err) => (log.error({ err }, 'shutdown failed'), process.exit(1)),
      );
    });
  }
}

/** One server process: the app on the shared port (a cluster worker connects; the database is set up). */
async function serve(config: Config, databaseReady: boolean, opts: ServeOptions) {
  const handle = databaseReady ? await connectDatabase(config.DATABASE_URL, { poolMax: config.PG_POOL_MAX }) : await setupDatabase(config);
  const app = await buildApp(config, handle);
  // Every process tries; the purge lease makes one of them do each period's round (decision 120).
  const stopPurging = startPurging(handle.db, config.isPostgres, config.PURGE_SECONDS, app.log);
  app.addHook('onClose', async () => stopPurging());
  opts.extend?.(app);
  await app.listen({ host: config.HOST, port: config.PORT });
  onStopSignal(async (signal) => {
    // close(): the port stops accepting, idle keep-alive connections close, a request arriving on a
    // busy one is answered 503, and the requests in flight finish; then onClose hooks run.
    log.info({ signal }, `shutting down: finishing requests in flight (up to ${config.SHUTDOWN_TIMEOUT_SECONDS} s)`);
    // A keep-alive connection whose request is answered would stay open until its idle timeout:
    // closed as soon as it is idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const finished = await within(app.close(), config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    clearInterval(sweep);
    if (!finished) {
      log.warn(`requests still running after ${config.SHUTDOWN_TIMEOUT_SECONDS} s: closing their connections`);
      app.server.closeAllConnections();
    }
    await within(handle.db.destroy(), 5000);
    log.info('stopped');
    return finished ? 0 : 1;
  });
  return (app.server.address() as { port: number }).port;
}

/** Several processes: migrate and seed once here, then fork workers and replace any that dies. */
async function supervise(config: Config, opts: ServeOptions) {
  const setup = await setupDatabase(config);
  await setup.db.destroy();
  let stopping = false;
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    if (++listening === config.WORKERS) opts.onListening?.(address.port);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    // A worker that dies at start-up would otherwise be re-forked in a tight loop.
    setTimeout(() => !stopping && cluster.fork(), 1000);
  });
  for (let i = 0; i < config.WORKERS; i++) cluster.fork();
  onStopSignal(async (signal) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    log.info({ signal, workers: workers.map((w) => w.process.pid) }, 'shutting down: stopping the server processes');
    const codes: (number | null)[] = [];
    const exited = Promise.all(
      workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', (code) => (codes.push(code), resolve()))))),
    );
    for (const w of workers) w.process.kill('SIGTERM');
    // Each worker keeps its own timeout; a margin more, then whatever is left is killed.
    const allExited = await within(exited, config.SHUTDOWN_TIMEOUT_SECONDS * 1000 + 5000);
    if (!allExited) for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
    log.info('stopped');
    return allExited && codes.every((c) => c === 0) ? 0 : 1;
  });
}

/** Serve `config` with WORKERS processes (decision 099); this module's caller runs in each of them. */
export async function startServer(config: Config, opts: ServeOptions = {}) {
  if (cluster.isWorker) return void (await serve(config, true, opts));
  if (config.WORKERS > 1) return supervise(config, opts);
  opts.onListening?.(await serve(config, false, opts));
}
