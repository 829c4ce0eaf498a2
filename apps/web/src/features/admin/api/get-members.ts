import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type MemberPage } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { ADMIN_STALE_TIME } from './get-overview';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/?page&limit: one page of members (admins are never listed), newest first. */
export function getMembers(page: number, signal?: AbortSignal): Promise<MemberPage> {
  return api.get<MemberPage>('/users/', { query: { page, limit: PAGE_SIZE.members }, signal });
}

export const getMembersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.members(page),
    queryFn: ({ signal }) => getMembers(page, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useMembers(page: number) {
  return useQuery(getMembersQueryOptions(page));
}
