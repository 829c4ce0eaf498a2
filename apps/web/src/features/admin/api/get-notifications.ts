import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNotification } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './get-overview';

const NOTIFICATION_LIMIT = 20;

/** GET /api/admin/notifications: recent member submissions, newest first. */
export function getNotifications(limit = NOTIFICATION_LIMIT, signal?: AbortSignal): Promise<AdminNotification[]> {
  return api.get<AdminNotification[]>('/admin/notifications', { query: { limit }, signal });
}

export const getNotificationsQueryOptions = (limit = NOTIFICATION_LIMIT) =>
  queryOptions({
    queryKey: adminKeys.notifications(limit),
    queryFn: ({ signal }) => getNotifications(limit, signal),
    staleTime: ADMIN_STALE_TIME,
    // New submissions arrive while the admin has the dashboard open.
    refetchInterval: 60_000,
  });

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
