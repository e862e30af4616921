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
  private listeners = new Map<string, Array<() => void>>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string) {
    if (name === 'ready') this.readyState = 1;
    for (const fn of this.listeners.get(name) ?? []) fn();
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
