import autocannon from 'autocannon';
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  tool: 'wrk' | 'autocannon';
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // wrk --version prints its banner and exits 1; only a missing binary is ENOENT.
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

// Raising priority needs root; without it wrk runs at normal priority.
const canRaisePriority = (() => {
  try {
    execFileSync('nice', ['-n', '-10', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const openFirst = fileURLToPath(new URL('./wrk-open-first.lua', import.meta.url));

const ms = (text: string) => {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

/**
 * GET `url` from `connections` keep-alive connections for `seconds`. wrk (Debian package `wrk`, written
 * in C) when installed, so the load generator takes as little of the shared cores as it can; otherwise
 * autocannon. BENCH_LOAD=autocannon forces autocannon. wrk runs at a higher scheduling priority (nice -10)
 * when allowed: it shares the 2 cores with the server, and time it spends waiting for a core would
 * otherwise be counted as server latency (measured: list p99 55–65 ms at normal priority, 48–51 ms raised,
 * same throughput). Its connections are all open before the first request (wrk-open-first.lua), so the
 * figures are of the load, not of a burst of 32 new connections.
 */
export async function load(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  if (hasWrk && process.env.BENCH_LOAD !== 'autocannon') {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', openFirst, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url, '--', String(connections)];
    const [cmd, cmdArgs] = canRaisePriority ? ['nice', ['-n', '-10', 'wrk', ...args]] : ['wrk', args];
    const out = await new Promise<string>((resolve, reject) => execFile(cmd, cmdArgs, (err, stdout) => (err ? reject(err) : resolve(stdout))));
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    const pct = (p: number) => ms(new RegExp(`\\s${p}%\\s+(\\S+)`).exec(out)?.[1] ?? '');
    const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + (/Socket errors:.*timeout (\d+)/.exec(out) ? Number(/timeout (\d+)/.exec(out)![1]) : 0);
    return { tool: 'wrk', requests, rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), p50: pct(50), p99: pct(99), errors };
  }
  const u = new URL(url);
  const r = await autocannon({ connections, duration: seconds, url: u.origin, requests: [{ method: 'GET', path: u.pathname + u.search, headers }] });
  return { tool: 'autocannon', requests: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}
