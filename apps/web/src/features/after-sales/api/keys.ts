/**
 * Query key prefixes of after-sales. Only the queryOptions of this folder write a full key; mutations
 * invalidate `afterSaleKeys.all` (and the orders, whose state moves) or, in the console, `afterSaleKeys.platform`.
 */
export const afterSaleKeys = {
  all: ['afterSales'] as const,
  list: (query: object) => ['afterSales', 'list', query] as const,
  detail: (id: number | string) => ['afterSales', 'detail', String(id)] as const,
  reasons: (type: number) => ['afterSales', 'reasons', type] as const,
  platform: ['afterSales', 'platform'] as const,
};
