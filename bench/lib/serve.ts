// The real server for a benchmark, in its own process(es) so the load generator and the measured
// server don't share an event loop or a heap: the server's own start-up (WORKERS processes) plus
// bench-only routes to compare against: a bare route and the reference routes (reference-routes.ts). Env: DATABASE_URL (required), BENCH_DATA_DIR, WORKERS, PG_POOL_MAX,
// BENCH_PHASE_TIMES=1. Prints {"port":N} once every process listens.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../apps/server/src/config';
import { startServer } from '../../apps/server/src/start-server';
import { registerReferenceRoutes } from './reference-routes';

const dir = process.env.BENCH_DATA_DIR ?? '/tmp/bench-serve';
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL, WORKERS: process.env.WORKERS, PORT: '0', PG_POOL_MAX: process.env.PG_POOL_MAX,
  NODE_ENV: process.env.NODE_ENV, SIGN_KEY: process.env.SIGN_KEY, FILE_URL_SECRET: process.env.FILE_URL_SECRET, PUBLIC_URL: process.env.PUBLIC_URL,
  DATA_DIR: `${dir}/data`, LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', PORTAL_DEV_OUTBOX: '0', WEB_DIST: `${dir}/none`,
});

await startServer(config, {
  extend(app) {
    app.get('/bench/bare', { config: { access: 'public', signed: false } }, async () => ({ code: 200, msg: 'ok', data: null }));
    registerReferenceRoutes(app);
    if (process.env.BENCH_PHASE_TIMES) phaseTimes(app);
  },
  onListening: (port) => process.stdout.write(`${JSON.stringify({ port })}\n`),
});

/** Where a request's time goes, by Fastify phase (bench-only; printed at exit). */
function phaseTimes(app: FastifyInstance) {
  const sums = { toHandler: 0, handler: 0, serialize: 0, send: 0, n: 0 };
  const totals: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  // A reply sent as bytes (the order list) skips preSerialization: its serialize phase counts as 0.
  const at = new WeakMap<object, { start: number; handler?: number; serialize?: number; send?: number }>();
  const now = () => performance.now();
  app.addHook('onRequest', async (req) => void at.set(req, { start: now() }));
  app.addHook('preHandler', async (req) => void (at.get(req)!.handler = now()));
  app.addHook('preSerialization', async (req, _r, payload) => ((at.get(req)!.serialize = now()), payload));
  app.addHook('onSend', async (req, _r, payload) => ((at.get(req)!.send = now()), payload));
  app.addHook('onResponse', async (req) => {
    const t = at.get(req);
    if (!t) return;
    const end = now();
    totals.push(end - t.start);
    if (t.handler === undefined || t.send === undefined) return;
    const handlerEnd = t.serialize ?? t.send;
    sums.toHandler += t.handler - t.start;
    sums.handler += handlerEnd - t.handler;
    sums.serialize += t.send - handlerEnd;
    sums.send += end - t.send;
    sums.n++;
  });
  process.on('SIGTERM', () => {
    const us = (v: number) => `${((v / Math.max(sums.n, 1)) * 1000).toFixed(0)} µs`;
    process.stderr.write(`phases over ${sums.n} requests: to handler ${us(sums.toHandler)}, handler ${us(sums.handler)}, serialize ${us(sums.serialize)}, send ${us(sums.send)}\n`);
    process.stderr.write(`event loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms\n`);
    totals.sort((a, b) => a - b);
    const pct = (q: number) => `${(totals[Math.floor(q * (totals.length - 1))] ?? 0).toFixed(2)} ms`;
    process.stderr.write(`request time in the server (onRequest to onResponse): p50 ${pct(0.5)}, p99 ${pct(0.99)}, max ${pct(1)}\n`);
  });
}
