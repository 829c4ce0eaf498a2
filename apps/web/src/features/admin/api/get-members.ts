import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type MemberPage } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { ADMIN_STALE_TIME } from './get-overview';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/?page&limit&q: one page (q: part of a name or e-mail) of members (admins are never listed), newest first. */
export function getMembers(page: number, q = '', signal?: AbortSignal): Promise<MemberPage> {
  return api.get<MemberPage>('/users/', { query: { page, limit: PAGE_SIZE.members, q }, signal });
}

export const getMembersQueryOptions = (page: number, q = '') =>
  queryOptions({
    queryKey: queryKeys.admin.members(page, q),
    queryFn: ({ signal }) => getMembers(page, q, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useMembers(page: number, q = '') {
  return useQuery(getMembersQueryOptions(page, q));
}
