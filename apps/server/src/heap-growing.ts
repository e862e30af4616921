import { setFlagsFromString } from 'node:v8';

// Old-generation headroom of a server process (docs/decisions/109; 090 set the rest): V8 may
// grow the old space to twice the live heap before a full collection. At the ~1.1–1.5× V8 picks for
// itself, the headroom left over a ~40 MB live heap was smaller than the young generation, so V8
// started incremental marking again right after each full collection: under list load, a 6–13 ms
// mark-compact pause every ~130 ms in a process. Not a NODE_OPTIONS flag (Node refuses it there), so
// every server process sets it itself before it serves.
setFlagsFromString('--heap-growing-percent=100');
