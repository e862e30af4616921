/** Query key prefixes of API keys and webhooks (issue 18); mutations invalidate the prefix they change. */
export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: ['integrations', 'apiKeys'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: ['integrations', 'deliveries'] as const,
};
