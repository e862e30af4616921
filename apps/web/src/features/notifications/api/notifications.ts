import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { notificationPrefs, notificationRow, streamTicket } from '@portal/domain/contract/notifications';
import type { notificationListQuery, notificationPrefsBody, notificationReadBody } from '@portal/domain/notifications';
import { http } from '../../../lib/request';
import { notificationKeys } from './keys';

// The notification centre's endpoints (issue 19); the shapes are the routes' schemas.
export { notificationKeys };

export type NotificationRow = z.infer<typeof notificationRow>;
/** The list's filters (`notificationListQuery`: type, read '0' unread / '1' read). */
export type NotificationQuery = z.input<typeof notificationListQuery> & { pageNum: number; pageSize: number };
export type NotificationPref = z.infer<typeof notificationPrefs>[number];

export const getNotifications = (q: NotificationQuery) => http.page<NotificationRow>(API.notifications, { ...q }, { lock: false });

export const notificationsQuery = (q: NotificationQuery, enabled = true) =>
  queryOptions({ queryKey: notificationKeys.list(q), queryFn: () => getNotifications(q), placeholderData: keepPreviousData, enabled });
export const useNotifications = (q: NotificationQuery, enabled = true) => useQuery(notificationsQuery(q, enabled));

/** The unread count: the total of the unread filter (one row fetched). */
export const unreadCountQuery = (enabled = true) =>
  queryOptions({ queryKey: notificationKeys.unread, queryFn: async () => (await getNotifications({ read: '0', pageNum: 1, pageSize: 1 })).total, enabled });
export const useUnreadCount = (enabled = true) => useQuery(unreadCountQuery(enabled));

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: z.input<typeof notificationReadBody>) => http.post<null>(API.notificationsRead, b, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const getStreamTicket = () => http.post<z.infer<typeof streamTicket>>(API.notificationsTicket, {}, { silent: true, lock: false });

export const notificationPrefsQuery = () => queryOptions({ queryKey: notificationKeys.prefs, queryFn: () => http.get<NotificationPref[]>(API.notificationPrefs) });
export const useNotificationPrefs = () => useQuery(notificationPrefsQuery());

export function useSaveNotificationPrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: z.input<typeof notificationPrefsBody>['prefs']) => http.post<NotificationPref[]>(API.notificationPrefs, { prefs }),
    onSuccess: (data) => qc.setQueryData(notificationPrefsQuery().queryKey, data),
  });
}
