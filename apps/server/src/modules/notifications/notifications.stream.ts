import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_MSG, STREAM_EVENT } from '@portal/domain/notifications';
import type { DB } from '../../db/database';
import type { SmsSender } from '../../lib/sms';
import { IdFeed } from './id-feed';
import { canSee, canSeeOrder, claimSms, toRow, type NotificationRecord, type Viewer } from './notifications.repository';
import { lastNotificationId, lastOrderLogId, notificationsAfter, notificationsByIds, orderLogsAfter, orderLogsByIds, type OrderLogRef } from './notifications-stream.repository';
import { liveViewers, sameViewer } from './notifications.viewer';

// Live delivery (issue 19, decisions 175, 269, 270). Each server process follows two tables by id
// while it has open streams — the notifications and the orders' operation log, one indexed query
// each a second, the same on SQLite and PostgreSQL, so it works with WORKERS=2 and with several
// servers on one PostgreSQL — and writes each new row to the streams whose viewer may see it: a
// notification as a `notification` event (the bell), any line of an order's log as a silent
// `order.changed` event naming only the order (its views read it again). Every few seconds the
// sessions of the open streams are read again: a stream whose session is gone ends, and one whose
// grants changed goes on with the new scope. The same loop sends the SMS texts written with the
// notifications (each claimed by one process). A process keeps at most `perUser` open streams of one
// user: one more replaces the user's oldest (decision 295).

export const POLL_MS = 1000;
/** How often the sessions and grants of the open streams are read again. */
export const SESSION_CHECK_MS = 3000;
const HEARTBEAT_MS = 15_000;
const REPLACED = `event: ${STREAM_EVENT.replaced}\ndata: ${JSON.stringify({ msg: NOTIFICATION_MSG.streamReplaced })}\n\n`;
/** A stream ends after this long; the browser reconnects with a new ticket. */
export const STREAM_MAX_MS = 15 * 60_000;

interface Stream {
  viewer: Viewer;
  res: ServerResponse;
  opened: number;
}

export class NotificationHub {
  private streams = new Set<Stream>();
  private notifications: IdFeed<NotificationRecord>;
  private orderLogs: IdFeed<OrderLogRef>;
  private checked = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private smsRunning = false;

  constructor(
    private db: DB,
    private sms: SmsSender,
    private log: FastifyBaseLogger,
    private perUser: number,
  ) {
    this.notifications = new IdFeed({ last: () => lastNotificationId(db), after: (id, n) => notificationsAfter(db, id, n), byIds: (ids) => notificationsByIds(db, ids) });
    this.orderLogs = new IdFeed({ last: () => lastOrderLogId(db), after: (id, n) => orderLogsAfter(db, id, n), byIds: (ids) => orderLogsByIds(db, ids) }, 1000);
  }

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

  /** The viewer of a live session as the database has it now, or null when the session is gone. */
  async viewerOfSession(sessionId: number): Promise<Viewer | null> {
    return (await liveViewers(this.db, [sessionId])).get(sessionId) ?? null;
  }

  /** Opens a stream on `res` (already hijacked): headers, the retry hint and a first event. */
  async open(viewer: Viewer, res: ServerResponse, headers: Record<string, string | number | string[]>) {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies must pass events through at once
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\nevent: ${STREAM_EVENT.ready}\ndata: {}\n\n`);
    this.makeRoomFor(viewer.userId);
    const s: Stream = { viewer, res, opened: Date.now() };
    this.streams.add(s);
    res.on('close', () => this.streams.delete(s));
    // From now on (a poll that comes first starts the same way).
    await Promise.all([this.notifications.begin(), this.orderLogs.begin()]);
  }

  /**
   * Ends this user's oldest streams until one more fits, each told `replaced` first: the page that held
   * it waits until it is shown again before it reconnects, so tabs do not take turns replacing each other.
   * Synchronous, so streams opened at once in this process never pass the cap.
   */
  private makeRoomFor(userId: number) {
    const mine = [...this.streams].filter((s) => s.viewer.userId === userId);
    for (const s of mine.slice(0, Math.max(0, mine.length - this.perUser + 1))) {
      s.res.end(REPLACED);
      this.streams.delete(s);
    }
  }

  private async tick() {
    if (this.polling) return;
    this.polling = true;
    try {
      if (this.streams.size) await this.poll();
      else this.idle();
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

  /** One poll: the sessions when due, then the new rows of both tables to their streams. */
  async poll(now = Date.now()) {
    if (now - this.checked >= SESSION_CHECK_MS) {
      await this.checkSessions();
      this.checked = now;
    }
    for (const n of await this.notifications.next(now)) this.deliver(n);
    this.deliverOrders(await this.orderLogs.next(now));
  }

  /** With no stream open the rows written meanwhile concern no one: the next stream starts from the newest. */
  private idle() {
    this.notifications.reset();
    this.orderLogs.reset();
  }

  /** Ends the streams whose session is gone; the others go on with the grants they have now. */
  private async checkSessions() {
    const live = await liveViewers(this.db, [...this.streams].map((s) => s.viewer.sessionId));
    for (const s of this.streams) {
      const v = live.get(s.viewer.sessionId);
      if (!v) {
        s.res.end();
        this.streams.delete(s);
      } else if (!sameViewer(v, s.viewer)) {
        s.viewer = v;
      }
    }
  }

  private deliver(n: NotificationRecord) {
    let data: string | null = null;
    for (const s of this.streams) {
      if (!canSee(s.viewer, n)) continue;
      data ??= JSON.stringify(toRow(n, false));
      s.res.write(`id: ${n.id}\nevent: ${STREAM_EVENT.notification}\ndata: ${data}\n\n`);
    }
  }

  /** One `order.changed` per order and stream, however many lines the order got since the last poll. */
  private deliverOrders(lines: OrderLogRef[]) {
    if (!lines.length) return;
    const byVendor = new Map<number, Map<number, number>>();
    for (const l of lines) {
      let orders = byVendor.get(l.vendor_id);
      if (!orders) byVendor.set(l.vendor_id, (orders = new Map()));
      orders.set(l.order_id, l.owner);
    }
    for (const s of this.streams) {
      const orders = byVendor.get(s.viewer.vendorId);
      if (!orders) continue;
      for (const [orderId, owner] of orders) {
        if (canSeeOrder(s.viewer, owner)) s.res.write(`event: ${STREAM_EVENT.orderChanged}\ndata: {"orderId":${orderId}}\n\n`);
      }
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
