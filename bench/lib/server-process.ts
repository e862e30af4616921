import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ProcessStats {
  /** user + system CPU of the server process and its workers, in ms */
  cpuMs: number;
  /** current and peak resident memory, summed over the processes, in bytes */
  rss: number;
  peakRss: number;
}

export interface ServerProcess {
  base: string;
  stats(): ProcessStats;
  stop(): Promise<void>;
}

const TICKS_PER_SECOND = 100;

/**
 * The bench server runs as production does (NODE_ENV=production: answers are not checked against
 * their response schemas, as they are in development and tests), which refuses the public default
 * keys; clients sign with this SIGN_KEY.
 */
export const BENCH_SERVER_ENV = {
  NODE_ENV: 'production',
  SIGN_KEY: 'bench-sign-key-not-secret',
  FILE_URL_SECRET: 'bench-file-url-secret-of-32-characters-or-more',
  PUBLIC_URL: 'https://portal.example.com',
} as const;

/** The process and its children (cluster workers), read from /proc (Linux). */
function pids(root: number): number[] {
  const children = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  return [root, ...children(root).flatMap(pids)];
}

function statsOf(pid: number): ProcessStats {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    // fields[11], fields[12]: utime, stime in clock ticks (fields counted from the state field)
    return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND, rss: kb('VmRSS'), peakRss: kb('VmHWM') };
  } catch {
    return { cpuMs: 0, rss: 0, peakRss: 0 };
  }
}

/** CPU time of every PostgreSQL process on this machine (postmaster, backends, background workers), in ms. */
export function postgresCpuMs(): number {
  let ms = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    } catch {
      // the process ended while we looked
    }
  }
  return ms;
}

/** Start bench/lib/serve.ts in a child process on `databaseUrl`; resolves once it listens. */
export async function startServerProcess(databaseUrl: string, dataDir: string, opts: { workers?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const entry = fileURLToPath(new URL('./serve.ts', import.meta.url));
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', entry], {
    env: { ...process.env, ...BENCH_SERVER_ENV, DATABASE_URL: databaseUrl, BENCH_DATA_DIR: dataDir, WORKERS: String(opts.workers ?? 1) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    // Other lines (e.g. --trace-gc output) pass through.
    createInterface({ input: child.stdout! }).on('line', (line) => (line.startsWith('{"port":') ? resolve(JSON.parse(line).port) : console.log(line)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stats() {
      const all = pids(child.pid!).map(statsOf);
      return { cpuMs: all.reduce((a, s) => a + s.cpuMs, 0), rss: all.reduce((a, s) => a + s.rss, 0), peakRss: all.reduce((a, s) => a + s.peakRss, 0) };
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
