import { useEffect } from 'react';
import { useMatches } from 'react-router';

const SITE = '厂家服务下单门户';

/** The browser tab shows the deepest route's `handle.title`, then the site name. */
export function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as { title?: string } | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} - ${SITE}` : SITE;
  }, [title]);
}
