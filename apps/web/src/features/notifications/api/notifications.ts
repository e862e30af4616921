import { API } from '@portal/domain/api-paths';
import type { NotificationRow } from '@portal/domain/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type Query } from '../../../lib/request';

// The notification centre's endpoints (issue 19). Every key starts with 'notifications', so one
// invalidation (a live event, a read) refreshes the bell, the drawer and the page.

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (q: NotificationQuery) => ['notifications', 'list', q] as const,
  unread: ['notifications', 'unread'] as const,
  prefs: ['notifications', 'prefs'] as const,
};

export interface NotificationQuery {
  type?: string;
  /** '0' unread, '1' read */
  read?: string;
  pageNum: number;
  pageSize: number;
}

export const getNotifications = (q: NotificationQuery) => http.page<NotificationRow>(API.notifications, q as unknown as Query, { lock: false });

export const useNotifications = (q: NotificationQuery, enabled = true) =>
  useQuery({ queryKey: notificationKeys.list(q), queryFn: () => getNotifications(q), placeholderData: keepPreviousData, enabled });

/** The unread count: the total of the unread filter (one row fetched). */
export const useUnreadCount = (enabled = true) =>
  useQuery({ queryKey: notificationKeys.unread, queryFn: async () => (await getNotifications({ read: '0', pageNum: 1, pageSize: 1 })).total, enabled });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { ids: number[] } | { all: true }) => http.post(API.notificationsRead, b, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const getStreamTicket = () => http.post<{ ticket: string; expiresIn: number }>(API.notificationsTicket, {}, { silent: true, lock: false });

export interface NotificationPref {
  type: string;
  label: string;
  sms: boolean;
}
export const useNotificationPrefs = () => useQuery({ queryKey: notificationKeys.prefs, queryFn: () => http.get<NotificationPref[]>(API.notificationPrefs) });

export function useSaveNotificationPrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: Array<{ type: string; sms: boolean }>) => http.post<NotificationPref[]>(API.notificationPrefs, { prefs }),
    onSuccess: (data) => qc.setQueryData(notificationKeys.prefs, data),
  });
}
