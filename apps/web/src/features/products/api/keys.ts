/** Query keys of the products domain; mutations invalidate `productKeys.all`. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: object) => ['products', 'list', query] as const,
  categories: ['products', 'categories'] as const,
  review: (query: object) => ['products', 'review', query] as const,
};
