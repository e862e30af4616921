// The end customer's order page (issue 47) as a phone loads it: its initial JavaScript (gzip KB, every
// /assets/*.js file the page requests until the network is idle) and Lighthouse's MOBILE figures
// (its default config: a mid-range phone, simulated slow 4G and a 4× slower CPU) — performance,
// accessibility, FCP, LCP, speed index, TBT, CLS — against the production build served by the real
// server, for an order whose master is at work (the page's fullest state: visit code, appointment,
// master, timeline).
// Run: cd apps/web && npx vite build --outDir /tmp/x-dist && cd ../.. && WEB_DIST=/tmp/x-dist npx tsx bench/customer-page.ts
// BENCH_LH_RUNS: runs (3, the median is reported). Each run prints the host's benchmarkIndex: Lighthouse's
// simulated 4× CPU slowdown assumes a desktop-class host, so on a loaded machine TBT is inflated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startPortal, webDist } from '../e2e/harness';
import { hashToken } from '../apps/server/src/lib/passwords';

const portal = await startPortal();
try {
  // A demo order in work; its link is given a token known here (the SMS is not read for a bench).
  const o = await portal.db.selectFrom('orders').select('id').where('status', '=', 500).orderBy('id').executeTakeFirstOrThrow();
  const token = 'BenchCustomerPageTok0A';
  await portal.db.updateTable('customer_links').set({ state: 'sent', token_hash: hashToken(token), sent_at: new Date().toISOString() }).where('order_id', '=', o.id).execute();
  const url = `${portal.baseUrl}/c#${token}`;

  const page = await portal.newPage({ width: 375, height: 812 });
  const js = new Set<string>();
  page.on('request', (r) => {
    const m = /\/assets\/([^/?#]+\.js)$/.exec(new URL(r.url()).pathname);
    if (m) js.add(m[1]!);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('.cp-hero').waitFor();
  const kb = [...js].reduce((a, f) => a + gzipSync(readFileSync(join(webDist(), 'assets', f)), { level: 9 }).length / 1000, 0);
  console.log(`initial JavaScript: ${kb.toFixed(1)} KB gzip in ${js.size} files: ${[...js].join(', ')}`);

  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new', '--lang=zh-CN'] });
  try {
    const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
    const results = [];
    for (let i = 0, retries = 0; i < runs; i++) {
      // BENCH_CPU_SLOWDOWN: Lighthouse's mobile CPU multiplier (4) for a host whose benchmarkIndex is far
      // below a desktop's (a loaded shared machine), as Lighthouse's own docs advise; unset keeps 4.
      const slowdown = process.env.BENCH_CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: Number(process.env.BENCH_CPU_SLOWDOWN) } } : {};
      const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...slowdown });
      const lhr = r!.lhr;
      if (lhr.runtimeError && retries < 2) {
        retries++;
        i--;
        continue;
      }
      const a = (id: string) => Math.round(lhr.audits[id]!.numericValue ?? 0);
      results.push({
        performance: lhr.categories.performance!.score ?? 0,
        accessibility: lhr.categories.accessibility!.score ?? 0,
        fcp: a('first-contentful-paint'),
        lcp: a('largest-contentful-paint'),
        si: a('speed-index'),
        tbt: a('total-blocking-time'),
        cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
      console.log(`run ${i + 1}:`, JSON.stringify(results[results.length - 1]));
    }
    results.sort((x, y) => x.performance - y.performance);
    const m = results[Math.floor(results.length / 2)]!;
    console.log('\nLighthouse mobile (median run)');
    console.log('| performance | accessibility | FCP ms | LCP ms | speed index ms | TBT ms | CLS |\n|---|---|---|---|---|---|---|');
    console.log(`| ${m.performance.toFixed(2)} | ${m.accessibility.toFixed(2)} | ${m.fcp} | ${m.lcp} | ${m.si} | ${m.tbt} | ${m.cls.toFixed(3)} |`);
  } finally {
    await chrome.kill();
  }
} finally {
  await portal.close();
}
