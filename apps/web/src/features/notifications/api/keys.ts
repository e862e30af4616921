/**
 * Query key prefixes of the notification centre (issue 19). Every key starts with 'notifications', so
 * one invalidation (a live event, a read) refreshes the bell, the drawer and the page. Only the
 * queryOptions of this folder write a full key.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (q: object) => ['notifications', 'list', q] as const,
  unread: ['notifications', 'unread'] as const,
  prefs: ['notifications', 'prefs'] as const,
};
