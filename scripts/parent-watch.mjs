// Which processes `npm start` runs under, and whether they are still there (issue 48 item 12).
// npm runs a script as npm → sh -c → node; stopped by its process id, npm may end without passing the
// signal on (SIGKILL cannot be passed on at all), and the shell goes on waiting for us. So the start
// script watches its parent chain up to npm itself and stops the server when any of them is gone.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** `{ ppid, state, name }` of a process, or null when it is gone (a zombie counts as gone). */
function info(pid) {
  if (existsSync('/proc/self/stat')) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return state === 'Z' ? null : { ppid: Number(ppid), name };
    } catch {
      return null;
    }
  }
  const r = spawnSync('ps', ['-o', 'stat=,ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' });
  const m = /^\s*(\S+)\s+(\d+)\s+(.*)$/.exec(r.stdout ?? '');
  if (!m || m[1].startsWith('Z')) return null;
  return { ppid: Number(m[2]), name: m[3].trim().split('/').pop() };
}

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ash', 'cmd.exe']);

/**
 * The processes to outlive: our parent, and while that is a shell its parent in turn, up to npm
 * when npm started us (npm_lifecycle_event); just our parent otherwise. A `nohup npm start &` from a
 * shell that then exits is not stopped: that shell is above npm.
 */
export function watchedAncestors() {
  const chain = [process.ppid];
  if (!process.env.npm_lifecycle_event) return chain;
  let pid = process.ppid;
  for (let depth = 0; depth < 4; depth++) {
    const p = info(pid);
    if (!p || !SHELLS.has(p.name)) break;
    pid = p.ppid;
    chain.push(pid);
  }
  return chain;
}

/** True while every process of `chain` is there and our parent is still the first. */
export const ancestorsAlive = (chain) => process.ppid === chain[0] && chain.every((pid) => info(pid) !== null);
