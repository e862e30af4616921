import { useEffect } from 'react';

/** Layout width the rem-based styles are drawn for; below it the page scrolls instead of shrinking. */
const MIN_WIDTH = 1220;
const RESIZE_DEBOUNCE_MS = 300;

/** Spec 01 §9: root font-size = width / 10 (1rem = 192px on the 1920 design), re-applied 300 ms after resizing stops. */
export function applyRootFontSize(width = document.documentElement.clientWidth) {
  const basis = Math.max(width, MIN_WIDTH);
  document.documentElement.style.fontSize = `${basis / 10}px`;
}

export function useRootFontSize() {
  useEffect(() => {
    applyRootFontSize();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => applyRootFontSize(), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}
