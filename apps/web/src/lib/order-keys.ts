import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the orders domain; mutations invalidate `orderKeys.all` so every view refetches. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: object) => ['orders', 'list', query] as const,
  detail: (id: number | string) => ['orders', 'detail', String(id)] as const,
  pendingCount: ['orders', 'pendingCount'] as const,
  publishedCount: ['orders', 'publishedCount'] as const,
  logistics: (id: number | string) => ['orders', 'logistics', String(id)] as const,
  /** The home's tiles and timeliness counts: order data, so an order's change refreshes them too. */
  statistics: ['orders', 'statistics'] as const,
  quickOrders: ['orders', 'quicklyOrder'] as const,
  slaSummary: ['orders', 'slaSummary'] as const,
};

/** Keys under `orders` holding reference data (companies, discounts, contacts…): an order's change leaves them. */
const REFERENCE = new Set(['companies', 'discountRate', 'outletTiers', 'dealerOutlet', 'contactInfo', 'publishedCount']);
/** Keys under `orders` of one order: [`orders`, kind, orderId]. */
const PER_ORDER = new Set(['detail', 'logistics', 'parts', 'praise', 'return']);

/**
 * Refetch what shows an order that changed elsewhere (a live event, the tab shown again; issue 48
 * item 2): its detail and records, every list, the counts and the home's tiles. With `orderId`, the
 * records of other orders stay as they are.
 */
export function refreshOrders(qc: QueryClient, orderId?: number) {
  return qc.invalidateQueries({
    predicate: ({ queryKey: [root, kind, id] }) =>
      root === 'orders' && !REFERENCE.has(String(kind)) && (orderId === undefined || !PER_ORDER.has(String(kind)) || String(id) === String(orderId)),
  });
}
