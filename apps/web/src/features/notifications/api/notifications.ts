import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const LIMIT = 20;

/** GET /api/notifications: the caller's newest notifications and the unread count. */
export const getNotifications = (signal?: AbortSignal) =>
  api.get<NotificationList>('/notifications', { query: { limit: LIMIT }, signal });

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.latest(LIMIT),
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: 15_000,
    // Events arrive while the dashboard is open.
    refetchInterval: 60_000,
  });

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<{ msg: string }>(`/notifications/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ msg: string }>('/notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
