import { API } from '@portal/domain/api-paths';
import { STREAM_EVENT } from '@portal/domain/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { refreshOrders } from '../../../lib/order-keys';
import { getStreamTicket, notificationKeys } from './notifications';

/** Seconds between refreshes while the live stream is down (the fallback). */
const POLL_MS = 10_000;
/** Orders that changed within this pause are read again together (each list once). */
const ORDER_BATCH_MS = 100;
/** The tabs of one browser share one stream (decision 301): the tab holding this lock opens it and passes its events on. */
const STREAM_LOCK = 'portal-live-stream';
const TABS_CHANNEL = 'portal-live-stream';

type TabMessage = { type: 'notification' | 'orderChanged'; data: string } | { type: 'live'; live: boolean } | { type: 'hello' };

/**
 * Live notifications (decision 175): a single-use ticket asked for with the normal signed call, then
 * an EventSource on /stream?ticket=… (the session token never goes in a URL). Each event refreshes
 * the notification queries. When the stream fails (server restarted, ticket refused, proxy cut it)
 * it is closed and opened again with a new ticket after a growing pause; meanwhile the queries are
 * polled. Answers whether the stream is open.
 *
 * Orders too (issue 48 item 2, decision 269): a notification about an order, and the silent
 * `order.changed` the server sends for every change of an order the user's list shows (no bell), refresh
 * that order's detail and records, the lists, the counts and the home's tiles. A hidden tab lets
 * `order.changed` pass: shown again, or the stream opened again after a failure, it refreshes every
 * order view (events may have been missed meanwhile).
 *
 * One stream a browser (decision 301): a browser keeps at most 6 HTTP/1.1 connections to a host, so a stream
 * a tab left a 7th tab unable to load at all. The tab that holds a Web Lock opens the stream and passes every
 * event to the other tabs on a BroadcastChannel; when it closes, the next tab takes the lock and the stream.
 * Without these APIs each tab opens its own stream, as before.
 */
export function useLiveNotifications(enabled: boolean): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let es: EventSource | null = null;
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let openedBefore = false;
    let parked = false;
    const shared = typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && !!navigator.locks;
    const tabs = shared ? new BroadcastChannel(TABS_CHANNEL) : null;
    const tell = (m: TabMessage) => tabs?.postMessage(m);
    let leading = !shared;
    let releaseLock: (() => void) | undefined;
    const lockWait = new AbortController();
    /** This tab's view of the stream, told to the other tabs when this tab holds it. */
    const setLiveHere = (v: boolean) => {
      setLive(v);
      if (leading) tell({ type: 'live', live: v });
    };
    const refresh = () => void qc.invalidateQueries({ queryKey: notificationKeys.all });
    const onNotification = (e: Event) => {
      if (leading) tell({ type: 'notification', data: String((e as MessageEvent).data) });
      refresh();
      const orderId = orderIdOf(e);
      if (orderId !== null) void refreshOrders(qc, orderId);
    };
    const changed = new Set<number>();
    let batch: ReturnType<typeof setTimeout> | undefined;
    const onOrderChanged = (e: Event) => {
      if (leading) tell({ type: 'orderChanged', data: String((e as MessageEvent).data) });
      const orderId = orderIdOf(e);
      if (orderId === null || document.visibilityState === 'hidden') return;
      changed.add(orderId);
      batch ??= setTimeout(() => {
        batch = undefined;
        const ids = [...changed];
        changed.clear();
        void refreshOrders(qc, ids);
      }, ORDER_BATCH_MS);
    };
    const resume = () => {
      if (!parked || stopped || document.visibilityState !== 'visible') return;
      parked = false;
      failures = 0;
      void connect();
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      refresh();
      void refreshOrders(qc);
      resume();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', resume);
    const again = () => {
      setLiveHere(false);
      if (stopped) return;
      failures++;
      retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
    };
    async function connect() {
      if (stopped) return;
      try {
        const { ticket } = await getStreamTicket();
        if (stopped) return;
        const source = new EventSource(`${API.notificationsStream}?ticket=${encodeURIComponent(ticket)}`);
        es = source;
        source.addEventListener(STREAM_EVENT.ready, () => {
          failures = 0;
          setLiveHere(true);
          refresh();
          if (openedBefore) void refreshOrders(qc);
          openedBefore = true;
        });
        source.addEventListener(STREAM_EVENT.notification, onNotification);
        source.addEventListener(STREAM_EVENT.orderChanged, onOrderChanged);
        source.addEventListener(STREAM_EVENT.replaced, () => {
          // Another page of this user took the stream: wait until this one is in use again.
          parked = true;
          source.close();
          if (es === source) es = null;
          setLiveHere(false);
        });
        source.onerror = () => {
          if (parked) return;
          // The ticket is single-use: the browser's own reconnect would be refused, so start over.
          source.close();
          if (es === source) es = null;
          again();
        };
      } catch {
        again();
      }
    }
    let othersLive = false;
    if (tabs) {
      tabs.onmessage = (m: MessageEvent<TabMessage>) => {
        const msg = m.data;
        if (msg.type === 'hello') {
          if (leading) tell({ type: 'live', live: !!es && es.readyState === EventSource.OPEN });
        } else if (msg.type === 'live') {
          if (!leading) {
            // Live again after a gap (the stream reopened, another tab took it over): events may have been missed.
            if (msg.live && !othersLive) {
              refresh();
              void refreshOrders(qc);
            }
            othersLive = msg.live;
            openedBefore = true;
            setLive(msg.live);
          }
        } else if (!leading) {
          const e = new MessageEvent(msg.type, { data: msg.data });
          if (msg.type === 'notification') onNotification(e);
          else onOrderChanged(e);
        }
      };
      tell({ type: 'hello' });
      navigator.locks
        .request(STREAM_LOCK, { signal: lockWait.signal }, () => new Promise<void>((release) => {
          if (stopped) return release();
          leading = true;
          releaseLock = release;
          void connect();
        }))
        .catch(() => undefined); // the wait given up when this tab closes
    } else void connect();
    const poll = setInterval(() => {
      const open = leading ? !!es && es.readyState === EventSource.OPEN : othersLive;
      if (!open) refresh();
    }, POLL_MS);
    return () => {
      stopped = true;
      lockWait.abort();
      if (leading) tell({ type: 'live', live: false });
      releaseLock?.();
      tabs?.close();
      es?.close();
      clearTimeout(retry);
      clearTimeout(batch);
      clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', resume);
      setLive(false);
    };
  }, [enabled, qc]);
  return live;
}

/** The order a `notification` or `order.changed` event is about (both data carry `orderId`), or null. */
function orderIdOf(e: Event): number | null {
  try {
    const id = (JSON.parse(String((e as MessageEvent).data)) as { orderId?: unknown }).orderId;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}
