// V8 heap settings of the server process (docs/decisions/090-server-memory.md): an 8 MB semi-space
// (half V8's default), and a 1 GB old-generation cap, which also makes V8 collect old garbage at ~1.6x the
// live heap instead of letting it grow to 4x. The loaded server's live heap is ~45 MB and every
// export is streamed, so the cap is far from what the server holds.
export const SERVER_NODE_OPTIONS = '--max-semi-space-size=8 --max-old-space-size=1024';

/** NODE_OPTIONS for a server process: ours first, so flags the caller already set win (last one counts). */
export function serverNodeOptions(existing = process.env.NODE_OPTIONS) {
  return [SERVER_NODE_OPTIONS, existing].filter(Boolean).join(' ');
}
