/** TanStack Query keys of the wallet; invalidate `walletKeys.all` after anything moves money. */
export const walletKeys = {
  all: ['wallet'] as const,
  info: () => [...walletKeys.all, 'info'] as const,
  records: (params: object) => [...walletKeys.all, 'records', params] as const,
  platform: ['platformWallet'] as const,
};
