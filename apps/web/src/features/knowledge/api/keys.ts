/** Query key prefixes of the knowledge base; its writes invalidate `knowledgeKeys.all`. */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: (query: object) => ['knowledge', 'list', query] as const,
};
