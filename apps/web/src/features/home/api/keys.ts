import { orderKeys } from '../../../lib/order-keys';

/**
 * Query key prefixes of the home page. Its parts read quietly (no toast, no retry); the published count
 * is an order key (lib/order-keys) so an order mutation refreshes it. Only this folder writes full keys.
 */
export const homeKeys = {
  all: ['home'] as const,
  publishedCount: orderKeys.publishedCount,
  statistics: orderKeys.statistics,
  quickOrders: orderKeys.quickOrders,
  slaSummary: orderKeys.slaSummary,
};
