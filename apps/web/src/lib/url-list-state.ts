import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_OPTIONS } from '@portal/domain/enums';
import { pagingOver } from './paging';

// Decision 161: a list's applied filters and its page live in the URL query, as the order list's
// always have (features/orders/components/use-order-list-params.ts), so a refresh, the back button
// and a shared link show the same list. Only applied values are written (a draft stays in its form);
// applying filters goes back to page 1; defaults are left out of the URL.

/** How one filter field is written in the query. */
export type UrlField = 'string' | 'number' | 'numbers' | 'dateRange';
export type UrlFields<T> = { [K in keyof T]-?: UrlField };

const DAY = 'YYYY-MM-DD';

function readField(q: URLSearchParams, key: string, kind: UrlField): unknown {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  switch (kind) {
    case 'string':
      return raw;
    case 'number': {
      const n = Number(raw);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'numbers': {
      const list = raw.split(',').map(Number);
      return list.every(Number.isFinite) ? list : undefined;
    }
    case 'dateRange': {
      const [a, b] = raw.split(',').map((s) => (s ? dayjs(s, DAY) : null));
      const ok = (d: Dayjs | null | undefined) => d === null || (d !== undefined && d.isValid());
      return ok(a) && ok(b) && (a || b) ? [a ?? null, b ?? null] : undefined;
    }
  }
}

function writeField(value: unknown, kind: UrlField): string {
  if (value === undefined || value === null || value === '') return '';
  switch (kind) {
    case 'string':
    case 'number':
      return String(value);
    case 'numbers':
      return Array.isArray(value) ? value.join(',') : '';
    case 'dateRange': {
      if (!Array.isArray(value)) return '';
      const [a, b] = value as Array<Dayjs | null>;
      return a || b ? `${a ? a.format(DAY) : ''},${b ? b.format(DAY) : ''}` : '';
    }
  }
}

/** Applied filters of a list from the query (fields absent or unreadable are left out). */
export function readFilters<T extends object>(q: URLSearchParams, fields: UrlFields<T>): T {
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(fields) as Array<[string, UrlField]>) {
    const v = readField(q, key, kind);
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}

/** The query of a list: its filters, then pageNum/pageSize when they are not the defaults. */
export function writeListQuery<T extends object>(filters: T, fields: UrlFields<T>, page: { pageNum: number; pageSize: number; defaultPageSize: number }) {
  const q = new URLSearchParams();
  for (const [key, kind] of Object.entries(fields) as Array<[string, UrlField]>) {
    const text = writeField((filters as Record<string, unknown>)[key], kind);
    if (text) q.set(key, text);
  }
  if (page.pageNum > 1) q.set('pageNum', String(page.pageNum));
  if (page.pageSize !== page.defaultPageSize) q.set('pageSize', String(page.pageSize));
  return q;
}

/**
 * A list's filters and page, kept in the URL: `filters`/`setFilters` replace a `useState` of applied
 * filters (`setFilters` takes a value, or an updater of the filters written last), `paging` has the
 * shape of `usePaging()` (pageNum, pageSize, toFirstPage, pagination).
 * `fields` must be a constant (module level).
 */
export function useUrlList<T extends object>(fields: UrlFields<T>, defaultPageSize = 10) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the query's content; fields are constant
  const filters = useMemo(() => readFilters<T>(search, fields), [key]);
  const size = Number(search.get('pageSize'));
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaultPageSize;
  const pageNum = Math.max(1, Math.floor(Number(search.get('pageNum'))) || 1);

  // What was written last and not rendered yet: `setFilters(f); paging.toFirstPage()` keeps f.
  const pending = useRef<T | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [key]);
  const write = useCallback(
    (f: T, n: number, s: number) => {
      pending.current = f;
      setSearch(writeListQuery(f, fields, { pageNum: n, pageSize: s, defaultPageSize }));
    },
    [setSearch, fields, defaultPageSize],
  );
  // An updater gets what was written last, not the filters of the render that made the handler: React
  // Router renders a navigation as a transition, so a second change can come before the first's render
  // (a status picked, then a keyword searched at once, must keep the status).
  const rendered = useRef(filters);
  useLayoutEffect(() => {
    rendered.current = filters;
  }, [filters]);
  const setFilters = useCallback(
    (f: T | ((latest: T) => T)) => write(typeof f === 'function' ? f(pending.current ?? rendered.current) : f, 1, pageSize),
    [write, pageSize],
  );

  // After setFilters (already page 1) nothing more is written: one history entry per change.
  const paging = pagingOver(pageNum, pageSize, () => {
    if (!pending.current) write(rendered.current, 1, pageSize);
  }, (p, s) => write(pending.current ?? rendered.current, p, s));
  return { filters, setFilters, paging };
}
