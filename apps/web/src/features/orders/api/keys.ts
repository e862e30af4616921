import { orderKeys } from '../../../lib/order-keys';

/**
 * The orders feature's TanStack Query key prefixes. `orderKeys` (lib/order-keys: home and after-sales
 * invalidate it too) holds every vendor order view; `platformOrderKeys` the console's. Only the
 * queryOptions of this folder write a full key; mutations invalidate a prefix.
 */
export { orderKeys };
export const platformOrderKeys = {
  all: ['platform', 'orders'] as const,
  masters: ['platform', 'masters'] as const,
};
/** Reference data that no order mutation changes (the region cascader). */
export const commonKeys = { regionTree: ['common', 'regionTree'] as const };
