import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

const KEY = 'portal.orderList.scroll';

/**
 * Keeps the window scroll of a list per URL in sessionStorage and puts it back once the rows
 * are there (spec 02 §2.1: returning to the list restores the position).
 */
export function useScrollRestore(ready: boolean) {
  const location = useLocation();
  const id = location.pathname + location.search;
  useEffect(() => {
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
  }, [id]);
  useLayoutEffect(() => {
    if (!ready) return;
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { id: string; y: number } | null;
      if (saved && saved.id === id) window.scrollTo(0, saved.y);
    } catch {
      // a malformed entry just means no restore
    }
  }, [ready, id]);
}
