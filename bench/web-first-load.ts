// First load of the web app (issue 17): the JavaScript each route loads when it is opened in a fresh
// browser (gzip KB, the entry plus everything the route pulls in before it shows), the largest chunk
// of the build, and Lighthouse desktop scores (performance, accessibility) of login, home and the
// order list (logged in) — all against the production build served by the real server.
// Run: cd apps/web && npx vite build --outDir /tmp/x-dist && cd ../.. && WEB_DIST=/tmp/x-dist npx tsx bench/web-first-load.ts
// BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_JSON=<file> also writes the figures as JSON.
// BENCH_LH_PAGES='order list' picks Lighthouse pages, BENCH_LH_RUNS the runs per page (3), BENCH_ROUTES
// the routes whose JavaScript is counted (all), BENCH_FILES=1 lists each route's files. BENCH_LH_DIAG=1
// prints, per run, what made the blocking time: Lighthouse's long tasks (start, duration, script), the
// script boot-up time per file and the main-thread work by kind; BENCH_LH_SAVE=<dir> keeps each run's report.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startPortal, webDist } from '../e2e/harness';

/** gzip size as Vite's build report counts it (zlib level 9), in KB. */
const gzipKb = (buf: Buffer) => gzipSync(buf, { level: 9 }).length / 1000;
const round = (n: number) => Math.round(n * 10) / 10;

type Lhr = { audits: Record<string, { numericValue?: number; details?: unknown; errorMessage?: string }>; runtimeError?: { code?: string; message?: string }; runWarnings?: string[] };
/** Where a run's blocking time went: long tasks, script boot-up per file, main-thread work by kind. */
function printDiagnostics(page: string, run: number, lhr: Lhr) {
  const short = (u: unknown) => String(u ?? '').replace(/^https?:\/\/[^/]+/, '');
  const items = (id: string) => (lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const ms = (n: unknown) => Math.round(Number(n ?? 0));
  console.log(`\n[${page} run ${run + 1}] TBT ${ms(lhr.audits['total-blocking-time']?.numericValue)} ms, LCP ${ms(lhr.audits['largest-contentful-paint']?.numericValue)} ms`);
  if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message ?? ''}`);
  for (const w of lhr.runWarnings ?? []) console.log(`  warning: ${w}`);
  const lcpError = lhr.audits['largest-contentful-paint']?.errorMessage;
  if (lcpError) console.log(`  LCP error: ${lcpError}`);
  console.log('  long tasks (start ms, duration ms, script):');
  for (const t of items('long-tasks')) console.log(`    ${ms(t.startTime)}\t${ms(t.duration)}\t${short(t.url)}`);
  console.log('  boot-up per script (total, scripting, parse+compile ms):');
  for (const t of items('bootup-time').slice(0, 8)) console.log(`    ${ms(t.total)}\t${ms(t.scripting)}\t${ms(t.scriptParseCompile)}\t${short(t.url)}`);
  console.log('  main thread by kind (ms): ' + items('mainthread-work-breakdown').map((t) => `${t.groupLabel ?? t.group} ${ms(t.duration)}`).join(', '));
}

const portal = await startPortal();
const dist = webDist();
const gz = new Map<string, number>();
const assetKb = (name: string) => {
  if (!gz.has(name)) gz.set(name, gzipKb(readFileSync(join(dist, 'assets', name))));
  return gz.get(name)!;
};

try {
  const orderId = async (status: number) =>
    (await portal.db.selectFrom('orders').select('id').where('status', '=', status).orderBy('id').executeTakeFirst())?.id ?? 1;
  const payId = await orderId(100);
  const detailId = await orderId(300);

  const vendorPage = await portal.newPage();
  await portal.loginAsMain(vendorPage);
  const vendorTokens = await vendorPage.evaluate(() => JSON.stringify({ ...localStorage }));
  const opPage = await portal.newPage();
  await portal.loginAsOperator(opPage);
  const opTokens = await opPage.evaluate(() => JSON.stringify({ ...localStorage }));

  type Who = 'anon' | 'vendor' | 'operator';
  const routes: Array<[string, string, Who]> = [
    ['login', '/#/login?type=1', 'anon'],
    ['register', '/#/login?type=2', 'anon'],
    ['home', '/#/', 'vendor'],
    ['order list', '/#/manage/order', 'vendor'],
    ['order create', '/#/orderCreate', 'vendor'],
    ['order pay', `/#/orderPay?id=${payId}`, 'vendor'],
    ['order detail', `/#/manage/orderDetail?id=${detailId}`, 'vendor'],
    ['products', '/#/manage/product', 'vendor'],
    ['add product', '/#/manage/productAdd', 'vendor'],
    ['gallery', '/#/manage/wanGongAlbum', 'vendor'],
    ['after-sales', '/#/manage/afterSale', 'vendor'],
    ['ledger', '/#/manage/account', 'vendor'],
    ['top-up', '/#/manage/accountRecharge', 'vendor'],
    ['knowledge base', '/#/manage/zhiShiKu', 'vendor'],
    ['account info', '/#/manage/zhangHaoInfo', 'vendor'],
    ['security', '/#/manage/zhangHaoSafety', 'vendor'],
    ['sub-accounts', '/#/manage/zhangHao', 'vendor'],
    ['console login', '/#/platform/login', 'anon'],
    ['console top-ups', '/#/platform/recharges', 'operator'],
    ['console orders', '/#/platform/orders', 'operator'],
    ['console products', '/#/platform/products', 'operator'],
  ];

  const perRoute: Array<{ route: string; kb: number; files: number }> = [];
  const onlyRoutes = process.env.BENCH_ROUTES?.split(',');
  for (const [name, url, who] of routes.filter(([n]) => !onlyRoutes || onlyRoutes.includes(n))) {
    const page: Page = await portal.newPage();
    const storage = who === 'vendor' ? vendorTokens : who === 'operator' ? opTokens : '{}';
    await page.addInitScript((s: string) => {
      for (const [k, v] of Object.entries(JSON.parse(s) as Record<string, string>)) localStorage.setItem(k, v);
    }, storage);
    const js = new Set<string>();
    page.on('request', (r) => {
      const m = /\/assets\/([^/?#]+\.js)$/.exec(new URL(r.url()).pathname);
      if (m) js.add(m[1]!);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const kb = [...js].reduce((a, f) => a + assetKb(f), 0);
    perRoute.push({ route: name, kb: round(kb), files: js.size });
    if (process.env.BENCH_FILES) console.log(name, [...js].map((f) => `${f} ${round(assetKb(f))}`).join(', '));
    await page.context().close();
  }

  const chunks = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, kb: round(assetKb(f)) }))
    .sort((a, b) => b.kb - a.kb);

  console.log('\nInitial JavaScript per route (gzip KB, fresh browser, until the network is idle)');
  console.log('| route | JS gzip KB | files |\n|---|---|---|');
  for (const r of perRoute) console.log(`| ${r.route} | ${r.kb} | ${r.files} |`);
  console.log('\nLargest chunks (gzip KB)');
  for (const c of chunks.slice(0, 6)) console.log(`  ${c.kb}\t${c.file}`);

  const scores: Array<{ page: string; performance: number; accessibility: number; fcpMs: number; lcpMs: number; siMs: number; tbtMs: number; cls: number }> = [];
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    const { launch } = await import('chrome-launcher');
    const { default: lighthouse } = await import('lighthouse');
    const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
    const puppeteer = await import('puppeteer-core');
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new', '--lang=zh-CN'] });
    try {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const targets: Array<[string, string, Who]> = [
        ['login', '/#/login?type=1', 'anon'],
        ['home', '/#/', 'vendor'],
        ['order list', '/#/manage/order', 'vendor'],
      ];
      const only = process.env.BENCH_LH_PAGES?.split(',');
      for (const [name, url, who] of targets.filter(([n]) => !only || only.includes(n))) {
        // The session lives in localStorage: put it there (or clear it) on the origin, then keep it.
        const p = await browser.newPage();
        await p.goto(portal.baseUrl + '/logo.svg');
        await p.evaluate((s: string) => {
          localStorage.clear();
          for (const [k, v] of Object.entries(JSON.parse(s) as Record<string, string>)) localStorage.setItem(k, v);
        }, who === 'vendor' ? vendorTokens : '{}');
        await p.close();
        const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
        const results: Array<(typeof scores)[number]> = [];
        for (let i = 0, retries = 0; i < runs; i++) {
          const r = await lighthouse(
            portal.baseUrl + url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
            desktopConfig,
          );
          const lhr = r!.lhr;
          if (process.env.BENCH_LH_DIAG) printDiagnostics(name, i, lhr);
          // A run whose trace Lighthouse could not read (NO_NAVSTART, seen on this shared machine on
          // any build) has no metrics: run it again (twice at most) rather than count a zero.
          if (lhr.runtimeError && retries < 2) {
            console.log(`  ${name}: run ${i + 1} failed (${lhr.runtimeError.code}), running it again`);
            retries++;
            i--;
            continue;
          }
          if (process.env.BENCH_LH_SAVE) {
            mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
            writeFileSync(join(process.env.BENCH_LH_SAVE, `${name.replace(/\W+/g, '-')}-${i}.json`), JSON.stringify(lhr));
          }
          results.push({
            page: name,
            performance: lhr.categories.performance!.score ?? 0,
            accessibility: lhr.categories.accessibility!.score ?? 0,
            lcpMs: Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0),
            tbtMs: Math.round(lhr.audits['total-blocking-time']!.numericValue ?? 0),
            cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
            fcpMs: Math.round(lhr.audits['first-contentful-paint']!.numericValue ?? 0),
            siMs: Math.round(lhr.audits['speed-index']!.numericValue ?? 0),
          });
        }
        // The median performance run (a shared machine makes single runs noisy).
        results.sort((a, b) => a.performance - b.performance);
        scores.push(results[Math.floor(results.length / 2)]!);
      }
      await browser.disconnect();
    } finally {
      await chrome.kill();
    }
    console.log('\nLighthouse desktop (median of BENCH_LH_RUNS=3 runs)');
    console.log('| page | performance | accessibility | FCP ms | LCP ms | speed index ms | TBT ms | CLS |\n|---|---|---|---|---|---|---|---|');
    for (const s of scores) console.log(`| ${s.page} | ${s.performance.toFixed(2)} | ${s.accessibility.toFixed(2)} | ${s.fcpMs} | ${s.lcpMs} | ${s.siMs} | ${s.tbtMs} | ${s.cls.toFixed(3)} |`);
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ perRoute, chunks: chunks.slice(0, 10), scores }, null, 2));
} finally {
  await portal.close();
}
