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
    const refresh = () => void qc.invalidateQueries({ queryKey: notificationKeys.all });
    const onNotification = (e: Event) => {
      refresh();
      const orderId = orderIdOf(e);
      if (orderId !== null) void refreshOrders(qc, orderId);
    };
    const changed = new Set<number>();
    let batch: ReturnType<typeof setTimeout> | undefined;
    const onOrderChanged = (e: Event) => {
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
      setLive(false);
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
          setLive(true);
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
          setLive(false);
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
    void connect();
    const poll = setInterval(() => {
      if (!es || es.readyState !== EventSource.OPEN) refresh();
    }, POLL_MS);
    return () => {
      stopped = true;
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
