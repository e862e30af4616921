import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  base: string;
  memory(): Promise<{ rss: number; maxRss: number; heapUsed: number; cpuMicros: number }>;
  stop(): Promise<void>;
}

/** Start bench/lib/serve.ts in a child process on `databaseUrl`; resolves once it listens. */
export async function startServerProcess(databaseUrl: string, dataDir: string, nodeArgs: string[] = []): Promise<ServerProcess> {
  const entry = fileURLToPath(new URL('./serve.ts', import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    memory: () => fetch(`${base}/bench/memory`).then((r) => r.json()),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
