// `npm test`: the whole suite — API tests on SQLite and on PostgreSQL, the web unit tests (happy-dom),
// then the browser journeys —
// ending with one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp');
mkdirSync(out, { recursive: true });
const vitest = join(root, 'node_modules/.bin/vitest');
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];

function runVitest(label, project, env = {}) {
  const file = join(out, `results-${label}.json`);
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(vitest, ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (!existsSync(file)) {
    totals.failed += 1;
    notes.push(`${label}: the runner did not finish (exit ${r.status})`);
    return;
  }
  const res = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += res.numPassedTests;
  totals.failed += res.numFailedTests;
  totals.skipped += res.numPendingTests + (res.numTodoTests ?? 0);
  // A file that failed to load counts as a failure even though it ran no test.
  const brokenFiles = res.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  totals.failed += brokenFiles;
  notes.push(`${label}: ${res.numPassedTests} passed, ${res.numFailedTests + brokenFiles} failed`);
}

const reachable = (url) =>
  new Promise((resolve) => {
    const u = new URL(url);
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) });
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
    setTimeout(() => (s.destroy(), resolve(false)), 2000);
  });

const only = process.argv[2]; // optional: sqlite | postgres | web | e2e
if (!only || only === 'sqlite') runVitest('api-sqlite', 'api', { TEST_DATABASE: 'sqlite' });
if (!only || only === 'postgres') {
  if (await reachable(pgUrl)) runVitest('api-postgres', 'api', { TEST_DATABASE: 'postgres', TEST_PG_URL: pgUrl });
  else if (process.env.CI) {
    totals.failed += 1;
    notes.push(`api-postgres: PostgreSQL not reachable at ${pgUrl}`);
  } else notes.push(`api-postgres: skipped, PostgreSQL not reachable at ${pgUrl}`);
}
if (!only || only === 'web') runVitest('web', 'web');
if (!only || only === 'e2e') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium) && !process.env.CI) {
    notes.push(`e2e: skipped, no Chromium at ${chromium} (apt-get install chromium fonts-wqy-microhei)`);
  } else {
    console.log('\n=== building the web app for the browser tests ===');
    const b = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) {
      totals.failed += 1;
      notes.push('e2e: web build failed');
    } else runVitest('e2e', 'e2e');
  }
}

console.log('\n' + notes.map((n) => `  ${n}`).join('\n'));
const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(join(out, 'test-summary.json'), JSON.stringify(totals));
console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);
