/**
 * Query key prefixes of the products domain. Only the queryOptions of this folder write a full key;
 * mutations (the vendor's and the console's review) invalidate `productKeys.all`.
 */
export const productKeys = {
  all: ['products'] as const,
  list: (query: object) => ['products', 'list', query] as const,
  categories: ['products', 'categories'] as const,
  review: (query: object) => ['products', 'review', query] as const,
};
