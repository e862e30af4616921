/** Query key prefixes of the completed-work gallery (read only: nothing invalidates it). */
export const galleryKeys = {
  all: ['gallery'] as const,
  list: (query: object) => ['gallery', 'list', query] as const,
};
