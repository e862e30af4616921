import { lazy, Suspense } from 'react';

// antd's Result (with its illustrations) is loaded only when an error screen shows (decision 164).
const RouteErrorView = lazy(() => import('./route-error-view'));

/** Unknown routes and screens that failed to load or render (a new release, a broken chunk). */
export function RouteError({ notFound = false }: { notFound?: boolean }) {
  return (
    <Suspense fallback={null}>
      <RouteErrorView notFound={notFound} />
    </Suspense>
  );
}
