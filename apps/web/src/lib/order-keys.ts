import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the orders domain; mutations invalidate `orderKeys.all` so every view refetches. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: object) => ['orders', 'list', query] as const,
  detail: (id: number | string) => ['orders', 'detail', String(id)] as const,
  pendingCount: ['orders', 'pendingCount'] as const,
  publishedCount: ['orders', 'publishedCount'] as const,
  logistics: (id: number | string) => ['orders', 'logistics', String(id)] as const,
  /** The merchant's 预约与时效赔付 card: it reads again whenever the order changed (decision 259, 269). */
  appointment: (id: number | string) => ['orders', 'appointment', String(id)] as const,
  /** The home's tiles and timeliness counts: order data, so an order's change refreshes them too. */
  statistics: ['orders', 'statistics'] as const,
  quickOrders: ['orders', 'quicklyOrder'] as const,
  slaSummary: ['orders', 'slaSummary'] as const,
};

/** Keys under `orders` holding reference data (companies, discounts, contacts…): an order's change leaves them. */
const REFERENCE = new Set(['companies', 'discountRate', 'outletTiers', 'dealerOutlet', 'contactInfo', 'publishedCount']);
/** Keys under `orders` of one order: [`orders`, kind, orderId]. */
const PER_ORDER = new Set(['detail', 'logistics', 'parts', 'praise', 'return', 'appointment']);

/**
 * Refetch what shows an order that changed elsewhere (a live event, the tab shown again; issue 48
 * item 2): its detail and records, every list, the counts and the home's tiles. With `orderId` (one
 * or several, each list read once), the records of other orders stay as they are.
 */
export function refreshOrders(qc: QueryClient, orderId?: number | readonly number[]) {
  const ids = orderId === undefined ? null : new Set([orderId].flat().map(String));
  return qc.invalidateQueries({
    predicate: ({ queryKey: [root, kind, id] }) => root === 'orders' && !REFERENCE.has(String(kind)) && (ids === null || !PER_ORDER.has(String(kind)) || ids.has(String(id))),
  });
}
