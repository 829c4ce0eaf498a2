import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMember, MemberDetail } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ADMIN_STALE_TIME } from './get-overview';

/** GET /api/admin/members/{id}: the member with their orders, books owned, submissions and reviews. */
export const getMember = (id: string, signal?: AbortSignal) =>
  api.get<MemberDetail>(`/admin/members/${encodeURIComponent(id)}`, { signal });

export const getMemberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.member(id),
    queryFn: ({ signal }) => getMember(id, signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useMember(id: string) {
  return useQuery(getMemberQueryOptions(id));
}

/** POST /api/admin/members/{id}/suspend or /reinstate. */
export function setSuspended({ id, suspended }: { id: string; suspended: boolean }) {
  return api.post<{ msg: string; member: AdminMember }>(
    `/admin/members/${encodeURIComponent(id)}/${suspended ? 'suspend' : 'reinstate'}`,
  );
}

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSuspended,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
