import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

// The request layer runs outside React; it reaches antd's context-aware message/modal/notification
// through the instance a mounted <App> hands over (`bindNotifier`, app/provider.tsx: theme and locale
// apply to it). The sign-in screens load no antd at first (decision 183): a call made while no <App>
// is mounted waits for one, and asks the screen's host (`setNotifierHost`) to mount it.
let api: AppApi | null = null;
/** The bound <App> is a sign-in screen's own, gone when the screen is left. */
let transient = false;
let requestHost: (() => void) | null = null;
let waiting: Array<(a: AppApi) => void> = [];
let forNext: Array<(a: AppApi) => void> = [];

/**
 * Called by an <App> while it is mounted; returns the release for its unmount. `transient`: a
 * sign-in screen's own <App>, which does not outlive the screen.
 */
export function bindNotifier(next: AppApi, opts: { transient?: boolean } = {}): () => void {
  api = next;
  transient = !!opts.transient;
  const run = waiting;
  waiting = [];
  for (const f of run) f(next);
  if (!transient) {
    const due = forNext;
    forNext = [];
    for (const f of due) f(next);
  }
  return () => {
    if (api === next) api = null;
  };
}

/** A screen without an <App> says how to mount one when something must be shown (null when it leaves). */
export function setNotifierHost(mount: (() => void) | null) {
  requestHost = mount;
  if (mount && waiting.length) mount();
}

type Handle = () => void;
/** message.x(...) / modal.x(...) / notification.x(...) once an <App> is there; returns a close. */
function deferredPart(part: keyof AppApi) {
  return new Proxy(
    {},
    {
      get: (_target, method: string | symbol) =>
        (...args: unknown[]): Handle => {
          let closed = false;
          let close: Handle | undefined;
          waiting.push((a) => {
            if (closed) return;
            const r = (a[part] as unknown as Record<string | symbol, (...x: unknown[]) => unknown>)[method]!(...args);
            close = typeof r === 'function' ? (r as Handle) : (r as { destroy?: Handle } | undefined)?.destroy;
          });
          requestHost?.();
          return () => {
            closed = true;
            close?.();
          };
        },
    },
  );
}

export function notifier(): AppApi {
  return api ?? ({ message: deferredPart('message'), notification: deferredPart('notification'), modal: deferredPart('modal') } as unknown as AppApi);
}

/**
 * Shows something that must outlive the screen the user is leaving: `run` gets the lasting <App> —
 * the one mounted now, or the next one (a sign-in says 登录成功 on the page it leads to, not on a
 * sign-in screen's own <App> that goes with it).
 */
export function notifyNext(run: (a: AppApi) => void) {
  if (api && !transient) run(api);
  else forNext.push(run);
}
