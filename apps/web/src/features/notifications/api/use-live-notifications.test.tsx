import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// The live bell (decision 175): a single-use ticket per connection (never the token in the URL), each
// event refreshes the notification queries, a failed stream (a server restart) is closed and opened
// again with a new ticket, and the queries are polled while it is down.

const api = vi.hoisted(() => ({ tickets: [] as string[], getStreamTicket: vi.fn() }));
vi.mock('./notifications', () => ({
  notificationKeys: { all: ['notifications'] },
  getStreamTicket: api.getStreamTicket,
}));
const { useLiveNotifications } = await import('./use-live-notifications');

class FakeEventSource {
  static OPEN = 1;
  static all: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(e: { data?: string }) => void>>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: { data?: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data?: unknown) {
    if (name === 'ready') this.readyState = 1;
    for (const fn of this.listeners.get(name) ?? []) fn({ data: data === undefined ? undefined : JSON.stringify(data) });
  }
  fail() {
    this.readyState = 2;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

let qc: QueryClient;
let invalidate: ReturnType<typeof vi.spyOn>;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
const flush = () => act(async () => void (await Promise.resolve()));

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  let n = 0;
  api.getStreamTicket.mockReset().mockImplementation(async () => ({ ticket: `ticket-${++n}`, expiresIn: 60 }));
  qc = new QueryClient();
  invalidate = vi.spyOn(qc, 'invalidateQueries');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveNotifications', () => {
  test('opens the stream with a ticket, refreshes on events, reconnects with a new ticket after a failure, polls while down', async () => {
    const { result } = renderHook(() => useLiveNotifications(true), { wrapper });
    await flush();
    expect(FakeEventSource.all).toHaveLength(1);
    const first = FakeEventSource.all[0]!;
    expect(first.url).toBe('/api/app/notifications/stream?ticket=ticket-1');
    act(() => first.emit('ready'));
    expect(result.current).toBe(true);
    invalidate.mockClear();
    act(() => first.emit('notification'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] });

    // the server restarts: the stream fails; it is closed (its ticket is spent) and the bell polls
    invalidate.mockClear();
    act(() => first.fail());
    expect(first.closed).toBe(true);
    expect(result.current).toBe(false);
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(invalidate).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1500)));
    // a new ticket, a new stream
    expect(api.getStreamTicket).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[1]!.url).toContain('ticket=ticket-2');
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(invalidate).toHaveBeenCalled(); // polled while the new stream was not open yet
    act(() => FakeEventSource.all[1]!.emit('ready'));
    expect(result.current).toBe(true);
  });

  test('a stream replaced by another page of the user is not reopened until this page is shown or focused again (decision 295)', async () => {
    const { result } = renderHook(() => useLiveNotifications(true), { wrapper });
    await flush();
    const first = FakeEventSource.all[0]!;
    act(() => first.emit('ready'));
    expect(result.current).toBe(true);

    invalidate.mockClear();
    act(() => first.emit('replaced', { msg: '您在其他页面打开了实时通知' }));
    act(() => first.fail()); // the server then ends it: no reconnect either
    expect(first.closed).toBe(true);
    expect(result.current).toBe(false);
    // a minute later: still one ticket, one stream — but the bell was polled meanwhile
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(api.getStreamTicket).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] });

    // shown again: a new ticket and a new stream at once
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(api.getStreamTicket).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.all).toHaveLength(2);
    act(() => FakeEventSource.all[1]!.emit('ready'));
    expect(result.current).toBe(true);
    // a focus while live opens nothing more
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await flush();
    expect(FakeEventSource.all).toHaveLength(2);

    // replaced again, then the window is focused: it reconnects once
    act(() => FakeEventSource.all[1]!.emit('replaced'));
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await flush();
    expect(FakeEventSource.all).toHaveLength(3);
  });

  test('keeps trying when no ticket can be had, and stops on unmount', async () => {
    api.getStreamTicket.mockReset().mockRejectedValue(new Error('offline'));
    const { unmount } = renderHook(() => useLiveNotifications(true), { wrapper });
    await flush();
    expect(FakeEventSource.all).toHaveLength(0);
    await act(async () => void (await vi.advanceTimersByTimeAsync(2500)));
    expect(api.getStreamTicket).toHaveBeenCalledTimes(2);
    unmount();
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(api.getStreamTicket).toHaveBeenCalledTimes(2);
  });
});

describe('orders follow live events (issue 48 item 2)', () => {
  const keys = {
    detail7: ['orders', 'detail', '7'],
    detail8: ['orders', 'detail', '8'],
    parts7: ['orders', 'parts', 7],
    appointment7: ['orders', 'appointment', '7'],
    list: ['orders', 'list', { status: -1 }],
    pending: ['orders', 'pendingCount'],
    tiles: ['orders', 'statistics'],
    quick: ['orders', 'quicklyOrder'],
    companies: ['orders', 'companies'],
  };
  const stale = () => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, qc.getQueryState(key)?.isInvalidated ?? false]));
  const seed = () => Object.values(keys).forEach((k) => qc.setQueryData(k, { seeded: true }));

  test('an event about an order refreshes its detail, the lists, the counts and the tiles — not other orders or reference data', async () => {
    seed();
    renderHook(() => useLiveNotifications(true), { wrapper });
    await flush();
    const es = FakeEventSource.all[0]!;
    act(() => es.emit('ready'));
    expect(Object.values(stale()).some(Boolean)).toBe(false); // the first open refreshes notifications only
    act(() => es.emit('notification', { id: 1, type: 'master_accepted', orderId: 7, orderNo: 'GD1', content: '师傅已接单' }));
    expect(stale()).toEqual({ detail7: true, detail8: false, parts7: true, appointment7: true, list: true, pending: true, tiles: true, quick: true, companies: false });
  });

  test('a silent order.changed (a move with no notification) refreshes the order views, orders changed together at once, not the bell', async () => {
    seed();
    renderHook(() => useLiveNotifications(true), { wrapper });
    await flush();
    const es = FakeEventSource.all[0]!;
    act(() => es.emit('ready'));
    invalidate.mockClear();
    act(() => es.emit('order.changed', { orderId: 7 }));
    act(() => es.emit('order.changed', { orderId: 8 }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(150)));
    expect(stale()).toEqual({ detail7: true, detail8: true, parts7: true, appointment7: true, list: true, pending: true, tiles: true, quick: true, companies: false });
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['notifications'] });

    // a hidden tab lets them pass (it refreshes everything when shown again)
    seed();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => es.emit('order.changed', { orderId: 7 }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(150)));
    expect(Object.values(stale()).some(Boolean)).toBe(false);
    visibility.mockRestore();
  });

  test('a notification without an order refreshes no order view', async () => {
    seed();
    renderHook(() => useLiveNotifications(true), { wrapper });
    await flush();
    act(() => FakeEventSource.all[0]!.emit('notification', { id: 2, type: 'topup_confirmed', orderId: null }));
    expect(Object.values(stale()).some(Boolean)).toBe(false);
  });

  test('the tab shown again, or the stream opened again after a failure, refreshes every order view', async () => {
    seed();
    renderHook(() => useLiveNotifications(true), { wrapper });
    await flush();
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(Object.values(stale()).some(Boolean)).toBe(false);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(stale()).toEqual({ detail7: true, detail8: true, parts7: true, appointment7: true, list: true, pending: true, tiles: true, quick: true, companies: false });

    seed();
    const first = FakeEventSource.all[0]!;
    act(() => first.emit('ready'));
    act(() => first.fail());
    await act(async () => void (await vi.advanceTimersByTimeAsync(2500)));
    act(() => FakeEventSource.all[1]!.emit('ready'));
    expect(stale().detail8).toBe(true);
    visibility.mockRestore();
  });
});
