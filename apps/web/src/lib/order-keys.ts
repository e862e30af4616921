/** Query keys of the orders domain; mutations invalidate `orderKeys.all` so every view refetches. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: object) => ['orders', 'list', query] as const,
  detail: (id: number | string) => ['orders', 'detail', String(id)] as const,
  pendingCount: ['orders', 'pendingCount'] as const,
  publishedCount: ['orders', 'publishedCount'] as const,
  logistics: (id: number | string) => ['orders', 'logistics', String(id)] as const,
};
