import { createContext, lazy, Suspense, useContext, useState, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { RouteError } from './layout/route-error';

// antd (ConfigProvider, App), TanStack Query and the feature slots (app/provider.tsx) are not part of
// the first load: the two sign-in screens draw without them (decision 183). They load with the first
// screen of the `frame` route and from then on wrap every screen, the sign-in screens included, so a
// toast shown on the way out (注销成功) stays while the sign-in screen opens.

type ProviderModule = typeof import('./provider');
let loaded: ProviderModule | null = null;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
};

/** The `frame` route's lazy part: app/provider.tsx, which the root then mounts around the screens. */
export async function loadFrame() {
  if (!loaded) {
    loaded = await import('./provider');
    for (const fn of listeners) fn();
  }
  return {};
}

/** True under the root's antd providers: a sign-in screen then uses them instead of its own AntdHost. */
export const AntdAround = createContext(false);

/**
 * A new address opens at the top, a page visited again (back, forward, a link to the same address)
 * where it was left (issue 48 item 10): React Router's ScrollRestoration, keyed by the address so
 * that a list's filters and pages keep their own positions. The order list also puts its position
 * back once its rows are drawn (features/orders/components/use-scroll-restore.ts).
 */
function Scrolled() {
  return (
    <>
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
      <Outlet />
    </>
  );
}

/** The root route: the screens, inside antd's providers once a frame screen has been shown. */
export function Root() {
  const mod = useSyncExternalStore(subscribe, () => loaded);
  const inFrame = useMatches().some((m) => m.id === 'frame');
  // Mounted with the first frame screen (never under the sign-in screen showing, which would
  // remount it), then kept.
  const [kept, setKept] = useState(false);
  if (mod && inFrame && !kept) setKept(true);
  if (!mod || !(inFrame || kept)) return <Scrolled />;
  return (
    <mod.AppProvider>
      <AntdAround.Provider value>
        <Scrolled />
      </AntdAround.Provider>
    </mod.AppProvider>
  );
}

const LazyAppProvider = lazy(() => import('./provider').then((m) => ({ default: m.AppProvider })));

/** The error screen, inside antd's providers (its own when the root has none mounted). */
export function ErrorScreen({ notFound = false }: { notFound?: boolean }) {
  const around = useContext(AntdAround);
  if (around) return <RouteError notFound={notFound} />;
  return (
    <Suspense fallback={null}>
      <LazyAppProvider>
        <RouteError notFound={notFound} />
      </LazyAppProvider>
    </Suspense>
  );
}
