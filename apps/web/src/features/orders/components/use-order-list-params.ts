import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ALL_ORDER_STATUS } from '../../../config/paths';
import { ORDER_PAGE_SIZE as PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portal/domain/enums';
import type { OrderListParams } from '../api/get-orders';

export const ORDER_PAGE_SIZE = PAGE_SIZE;
export const ORDER_PAGE_SIZES: readonly number[] = PAGE_SIZE_OPTIONS;

/** The filter fields kept in the URL query, so back/refresh show the same list. */
export const FILTER_KEYS = ['keyWords', 'status', 'node', 'label', 'range', 'minCreateTime', 'maxCreateTime', 'minCompletionTime', 'maxCompletionTime', 'sla', 'satisfaction', 'extraFee', 'appointment'] as const;
export type OrderFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/**
 * The list's state lives in the URL: the route param status (-1 all) seeds the status filter,
 * the query (filters, pageNum, pageSize) wins once the user filtered.
 */
export function useOrderListParams() {
  const { status: routeStatus } = useParams();
  const [search, setSearch] = useSearchParams();

  const filters: OrderFilters = useMemo(() => {
    const f: OrderFilters = {};
    for (const k of FILTER_KEYS) {
      const v = search.get(k);
      if (v) f[k] = v;
    }
    if (!search.has('status') && routeStatus !== undefined && routeStatus !== String(ALL_ORDER_STATUS)) f.status = routeStatus;
    if (f.status === String(ALL_ORDER_STATUS)) delete f.status;
    return f;
  }, [search, routeStatus]);
  const pageNum = Math.max(1, Number(search.get('pageNum')) || 1);
  const pageSize = ORDER_PAGE_SIZES.includes(Number(search.get('pageSize'))) ? Number(search.get('pageSize')) : ORDER_PAGE_SIZE;

  const params: OrderListParams = useMemo(() => {
    const { range: _range, ...rest } = filters;
    return { ...rest, pageNum, pageSize };
  }, [filters, pageNum, pageSize]);

  const write = useCallback(
    (next: OrderFilters, page: { pageNum?: number; pageSize?: number } = {}) => {
      const q = new URLSearchParams();
      for (const k of FILTER_KEYS) if (next[k]) q.set(k, next[k]!);
      // "All" must survive a route param that asked for one status.
      if (!next.status) q.set('status', String(ALL_ORDER_STATUS));
      const n = page.pageNum ?? 1;
      const s = page.pageSize ?? pageSize;
      if (n > 1) q.set('pageNum', String(n));
      if (s !== ORDER_PAGE_SIZE) q.set('pageSize', String(s));
      setSearch(q);
    },
    [setSearch, pageSize],
  );

  return { filters, params, pageNum, pageSize, setFilters: (f: OrderFilters) => write(f), setPage: (n: number, s: number) => write(filters, { pageNum: s !== pageSize ? 1 : n, pageSize: s }) };
}
