import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageList } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const MESSAGES_PER_PAGE = 10;

/** GET /api/admin/messages: the contact form's messages, newest first, with the unread count. */
export const getContactMessagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.messagesPage(page),
    queryFn: ({ signal }) =>
      api.get<ContactMessageList>('/admin/messages', { query: { page, limit: MESSAGES_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export function useContactMessages(page: number) {
  return useQuery(getContactMessagesQueryOptions(page));
}

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<{ msg: string }>(`/admin/messages/${encodeURIComponent(id)}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.messages }),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ msg: string }>(`/admin/messages/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.messages }),
  });
}
