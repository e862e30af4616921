import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const KEY = 'portal.orderList.scroll';

/**
 * Keeps the window scroll of a list per URL in sessionStorage and puts it back once the rows
 * are there (spec 02 §2.1: returning to the list restores the position). Positions are kept only
 * while the rows are all there (one drawn a few at a time would keep a clamped one), and put back
 * once per URL.
 */
export function useScrollRestore(ready: boolean) {
  const location = useLocation();
  const id = location.pathname + location.search;
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => sessionStorage.setItem(KEY, JSON.stringify({ id, y: window.scrollY })));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [id, ready]);
  useLayoutEffect(() => {
    if (!ready || restored.current === id) return;
    restored.current = id;
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { id: string; y: number } | null;
      if (saved && saved.id === id) window.scrollTo(0, saved.y);
    } catch {
      // a malformed entry just means no restore
    }
  }, [ready, id]);
}
