/**
 * The wallet's TanStack Query key prefixes. Only the queryOptions of this folder write a full key;
 * mutations invalidate a prefix (`walletKeys.all` after anything moves the vendor's money,
 * `walletKeys.platform` after a console decision).
 */
export const walletKeys = {
  all: ['wallet'] as const,
  platform: ['platformWallet'] as const,
};
