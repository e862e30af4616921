import { orderKeys } from '../../../lib/order-keys';

/**
 * Query key prefixes of the order's customer side (issue 47). Under the orders' own prefixes, so that
 * every order mutation (the vendor's and the console's moves) refreshes them too.
 */
export const customerServiceKeys = {
  all: [...orderKeys.all, 'customerService'] as const,
  platform: ['platform', 'orders', 'customerService'] as const,
  ratings: [...orderKeys.all, 'ratingSummary'] as const,
};
