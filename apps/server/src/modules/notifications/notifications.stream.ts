import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { SmsSender } from '../../lib/sms';
import { canSee, claimSms, lastNotificationId, notificationsAfter, toRow, type NotificationRecord, type Viewer } from './notifications.repository';

// Live delivery (issue 19, decision 175). Each server process polls the notifications table by id
// while it has open streams — one indexed query a second, the same on SQLite and PostgreSQL, so it
// works with WORKERS=2 and with several servers on one PostgreSQL — and writes each new row to the
// streams whose viewer may see it. A row whose transaction commits after a later id was seen is still
// found: the cursor only passes ids seen LAG_MS ago, and the ids already sent are remembered until then.
// The same loop sends the SMS texts written with the notifications (each claimed by one process).

export const POLL_MS = 1000;
const LAG_MS = 5000;
const HEARTBEAT_MS = 15_000;
/** A stream ends after this long; the browser reconnects with a new ticket (so a closed session stops it). */
export const STREAM_MAX_MS = 15 * 60_000;

interface Stream {
  viewer: Viewer;
  res: ServerResponse;
  opened: number;
}

export class NotificationHub {
  private streams = new Set<Stream>();
  private cursor = -1;
  /** ids sent above the cursor, with when they were first seen */
  private seen = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private smsRunning = false;

  constructor(
    private db: DB,
    private sms: SmsSender,
    private log: FastifyBaseLogger,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), POLL_MS);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const s of this.streams) s.res.end();
    this.streams.clear();
  }

  get size() {
    return this.streams.size;
  }

  /** Opens a stream on `res` (already hijacked): headers, the retry hint and a first event. */
  async open(viewer: Viewer, res: ServerResponse, headers: Record<string, string | number | string[]>) {
    if (this.cursor < 0) this.cursor = await lastNotificationId(this.db);
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies must pass events through at once
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
    const s: Stream = { viewer, res, opened: Date.now() };
    this.streams.add(s);
    res.on('close', () => this.streams.delete(s));
  }

  private async tick() {
    if (this.polling) return;
    this.polling = true;
    try {
      if (this.streams.size) await this.poll();
      this.heartbeat();
    } catch (err) {
      this.log.error({ err }, 'notification stream poll failed');
    } finally {
      this.polling = false;
    }
    if (!this.smsRunning) {
      this.smsRunning = true;
      this.sendSms()
        .catch((err) => this.log.error({ err }, 'notification SMS failed'))
        .finally(() => (this.smsRunning = false));
    }
  }

  /** One poll: new rows to their streams; answers how many rows were new. */
  async poll(now = Date.now()): Promise<number> {
    if (this.cursor < 0) this.cursor = await lastNotificationId(this.db);
    const rows = await notificationsAfter(this.db, this.cursor);
    let fresh = 0;
    for (const n of rows) {
      if (this.seen.has(n.id)) continue;
      this.seen.set(n.id, now);
      fresh++;
      this.deliver(n);
    }
    // The cursor passes the ids first seen LAG_MS ago, up to the first newer one.
    let next = this.cursor;
    for (const n of rows) {
      const at = this.seen.get(n.id)!;
      if (now - at < LAG_MS) break;
      next = n.id;
    }
    if (next !== this.cursor) {
      this.cursor = next;
      for (const id of this.seen.keys()) if (id <= next) this.seen.delete(id);
    }
    return fresh;
  }

  private deliver(n: NotificationRecord) {
    let data: string | null = null;
    for (const s of this.streams) {
      if (!canSee(s.viewer, n)) continue;
      data ??= JSON.stringify(toRow(n, false));
      s.res.write(`id: ${n.id}\nevent: notification\ndata: ${data}\n\n`);
    }
  }

  private heartbeat() {
    const now = Date.now();
    for (const s of this.streams) {
      if (now - s.opened > STREAM_MAX_MS) {
        s.res.end();
        this.streams.delete(s);
      } else if (Math.floor((now - s.opened) / POLL_MS) % Math.round(HEARTBEAT_MS / POLL_MS) === 0) {
        s.res.write(`: ping\n\n`);
      }
    }
  }

  /** Sends the SMS texts no process has sent yet. */
  async sendSms() {
    for (let round = 0; round < 5; round++) {
      const batch = await claimSms(this.db);
      for (const m of batch) await this.sms.send(m.phone, m.content);
      if (batch.length < 20) return;
    }
  }
}
