import { API } from '@portal/domain/api-paths';

export interface StreamEvent {
  event: string;
  data: any;
}

/** Opens the live stream of a server at `base` and collects its events until `close`; `state.ended` when the server ended it. */
export async function openStream(base: string, ticket: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}${API.notificationsStream}?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
  const events: StreamEvent[] = [];
  const state = { ended: false };
  const done = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
      state.ended = true;
    } catch {
      /* aborted */
    }
  })();
  return { res, events, state, close: async () => (ctrl.abort(), await done) };
}

export type OpenStream = Awaited<ReturnType<typeof openStream>>;

export const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return ok();
};
