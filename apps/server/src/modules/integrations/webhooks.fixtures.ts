import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { freshTimestamp, sign } from '@portal/domain/signature';

// Test fixtures: a webhook receiver on 127.0.0.1 and a server-to-server caller signing with an API key.

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  json: { type: string; id: string; createdAt: string; data: Record<string, any> };
  at: number;
}

/**
 * Standard Webhooks verification by the `standardwebhooks` library (what a receiver installs; issue 48
 * item 13): the signature, and the timestamp within 5 minutes of now.
 */
export function verifyWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const wanted = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
  const given = Object.fromEntries(wanted.map((h) => [h, String(headers[h] ?? '')]));
  try {
    new Webhook(secret).verify(body, given);
    return true;
  } catch (e) {
    // Anything the library refuses is a signature that does not verify; a receiver never crashes on it.
    void (e instanceof WebhookVerificationError);
    return false;
  }
}

/**
 * A receiver: records every request; `answer` decides each response (a status, or 'hang' to never
 * answer). `secret` set later verifies each signature into `badSignatures`.
 */
export async function startReceiver(answer: (r: Received, seen: Received[]) => number | 'hang' = () => 200) {
  const seen: Received[] = [];
  const hanging: ServerResponse[] = [];
  const state = { secret: '', badSignatures: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const r: Received = {
        id: String(req.headers['webhook-id'] ?? ''),
        timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''),
        body,
        json: JSON.parse(body),
        at: Date.now(),
      };
      if (state.secret && !verifyWebhook(state.secret, req.headers, body)) state.badSignatures++;
      seen.push(r);
      const a = answer(r, seen);
      if (a === 'hang') return void hanging.push(res);
      res.statusCode = a;
      res.end(a >= 200 && a < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    seen,
    state,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A receiver that answers 200 at once and then never finishes its answer: 'trickle' sends one byte
 * every `everyMs` (the slow receiver of issue 44), 'firehose' sends without pause. It counts the
 * connections open now and at most, and how many it was sent.
 */
export async function startStreamingReceiver(mode: 'trickle' | 'firehose', everyMs = 3000) {
  const state = { open: 0, maxOpen: 0, requests: 0, sentBytes: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    state.requests++;
    state.open++;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(mode === 'trickle' ? 1 : 16384, 0x61);
    const send = () => {
      if (res.destroyed) return;
      state.sentBytes += chunk.length;
      if (mode === 'firehose') {
        if (res.write(chunk)) setImmediate(send);
        else res.once('drain', send);
      } else res.write(chunk);
    };
    const timer = mode === 'trickle' ? setInterval(send, everyMs) : null;
    if (timer) timers.add(timer);
    send();
    res.on('close', () => {
      state.open--;
      if (timer) {
        clearInterval(timer);
        timers.delete(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/slow`,
    state,
    async close() {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The headers of a call signed with an API key: the browser's formula with the key's secret and id. */
export function keyHeaders(keyId: string, secret: string, method: string, path: string, rawQuery: string, body: string, timestamp = freshTimestamp()) {
  const headers: Record<string, string> = {
    apikey: keyId,
    timestamp: String(timestamp),
    signature: sign(secret, { method, path, rawQuery, timestamp, token: keyId, body }),
  };
  if (body) headers['content-type'] = 'application/json';
  return headers;
}

export async function until(check: () => boolean | Promise<boolean>, ms = 15_000, what = 'condition') {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
