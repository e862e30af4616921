import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { setNotifierHost } from '../../lib/notifier';
import { AntdAround } from '../router-root';

const AntdHost = lazy(() => import('../provider').then((m) => ({ default: m.AntdHost })));

/**
 * antd for a screen that starts without it: mounted when `wanted` or when the request layer has
 * something to show (lib/notifier.ts), then kept while the screen is open; `children` are portalled
 * into `slot`.
 */
export function useAntdHost(wanted: boolean, slot: HTMLElement | null, children: ReactNode) {
  const around = useContext(AntdAround);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (around) return;
    setNotifierHost(() => setAsked(true));
    return () => setNotifierHost(null);
  }, [around]);
  useEffect(() => {
    if (wanted) setAsked(true);
  }, [wanted]);
  // Under the root's providers (a frame screen was shown before): they serve, no host of its own.
  if (around) return slot && children ? createPortal(children, slot) : null;
  if (!wanted && !asked) return null;
  return (
    <Suspense fallback={null}>
      <AntdHost>{slot && children ? createPortal(children, slot) : null}</AntdHost>
    </Suspense>
  );
}
