/**
 * Query key prefixes of the accounts feature (company profile, sub-accounts and their menus). Only
 * the queryOptions of this folder write a full key; mutations invalidate a prefix.
 */
export const accountKeys = {
  all: ['accounts'] as const,
  manufacturerInfo: ['accounts', 'manufacturerInfo'] as const,
  orderFormInfo: ['accounts', 'orderFormInfo'] as const,
  subAccounts: ['accounts', 'subAccounts'] as const,
  subAccountMenu: (userId: number) => ['accounts', 'subAccountMenu', userId] as const,
};
