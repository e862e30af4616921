/**
 * Query key prefixes of the console's own reads (the signed-in operator, the SLA targets). The console
 * screens of a domain use that feature's keys (walletKeys.platform, platformOrderKeys, …).
 */
export const consoleKeys = {
  all: ['platform'] as const,
  me: ['platform', 'me'] as const,
  slaTargets: ['platform', 'slaTargets'] as const,
};
