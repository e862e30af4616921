import { useLayoutEffect, useRef } from 'react';
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
  // A layout effect, so that leaving the list stops the saving in the same commit: the browser's
  // scroll event for the shorter next page (the position clamped) would otherwise be saved.
  useLayoutEffect(() => {
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
    let saved: { id: string; y: number } | null = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { id: string; y: number } | null;
    } catch {
      // a malformed entry just means no restore
    }
    return saved && saved.id === id ? restoreTo(saved.y) : undefined;
  }, [ready, id]);
}

/**
 * Scrolls to `y`; while the page is still too short for it (pictures and cards still taking their
 * height) scrolls again as it grows, for at most 3 s and never once the user has scrolled himself.
 */
function restoreTo(y: number) {
  window.scrollTo(0, y);
  if (window.scrollY >= y - 1 || typeof ResizeObserver === 'undefined') return;
  const grown = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (window.scrollY >= y - 1) stop();
  });
  const userMoved = ['wheel', 'touchstart', 'keydown', 'mousedown'];
  const stop = () => {
    grown.disconnect();
    clearTimeout(timer);
    for (const e of userMoved) window.removeEventListener(e, stop);
  };
  const timer = setTimeout(stop, 3000);
  for (const e of userMoved) window.addEventListener(e, stop, { passive: true });
  grown.observe(document.body);
  return stop;
}
