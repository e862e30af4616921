import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

// Runs on this project's 2-core machines differ by up to 2× in a call's CPU with the same code, and the
// bare route's req/s moves as much within minutes, so a run's figures say little about the code
// unless the host is described too (bench/README.md, session 28). Two readings describe it. They tell a
// slow minute from a fast one on one host; they did not tell a host whose list calls (which read far
// more memory) were 1.5× slower from a faster one: for a verdict across hosts, A/B a known commit.

/** A page of 50 list rows of ~1.1 kB each, as the order list answers: the work a list call does most. */
const PAGE = Array.from({ length: 50 }, (_, i) => ({
  id: 1_000_000 + i,
  orderNo: `SO2026112800${String(i).padStart(6, '0')}`,
  status: 700,
  customer: { name: '王建华', phone: '13800138000', address: '广东省 深圳市 南山区 科技园南路 88 号 3 栋 1201' },
  products: Array.from({ length: 3 }, (_, j) => ({ model: `KFR-35GW/BP${j}`, category: '空调 · 挂机', count: 1, priceFen: 12_000 + j })),
  remark: '上门前请先电话联系，小区门口需登记。'.repeat(4),
  createdAt: '2026-11-28T08:00:00.000Z',
}));

/**
 * Milliseconds this process takes for a fixed piece of work (200 rounds of JSON out and in of PAGE and
 * a SHA-256 of it), the best of five: lower is a faster host.
 */
export function fixedWorkMs(): number {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) {
      const text = JSON.stringify(PAGE);
      JSON.parse(text);
      createHash('sha256').update(text).digest();
    }
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** The machine's CPU time so far, in ticks: all of it and what the hypervisor took (steal), from /proc/stat. */
function cpuTicks(): { total: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
}

/** Starts a span; the function returned gives the share of the machine's CPU time stolen since, in percent. */
function stealSince(): () => number {
  const start = cpuTicks();
  return () => {
    const now = cpuTicks();
    return (100 * (now.steal - start.steal)) / Math.max(now.total - start.total, 1);
  };
}

export interface HostReading {
  /** the fixed work's time at the start of the run, then at its end */
  workMs: number[];
  /** the share of the machine's CPU time stolen over the run, in percent */
  stealPercent: number;
}

/** One line for a run's header or footer. */
export function hostLine(h: { workMs: number[]; stealPercent?: number }): string {
  return `host: fixed work ${h.workMs.map((ms) => `${ms.toFixed(1)} ms`).join(' → ')} (bench/lib/host.ts)${h.stealPercent === undefined ? '' : `, steal ${h.stealPercent.toFixed(1)} % of the CPU time`}`;
}

/** Reads the host at the start of a run and prints it; `end()` reads it again, prints and answers both readings. */
export function hostSpan(): { end(): HostReading } {
  const first = fixedWorkMs();
  const stolen = stealSince();
  console.log(hostLine({ workMs: [first] }));
  return {
    end() {
      const reading = { stealPercent: stolen(), workMs: [first, fixedWorkMs()] };
      console.log(hostLine(reading));
      return reading;
    },
  };
}
