import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberSummary } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getSummary = () => api.get<MemberSummary>('/users/me/summary');

export const getSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.memberSummary, queryFn: getSummary, staleTime: 0 });

/** The dashboard's counts: favourites, cart items, pending books, saved cards. */
export function useMemberSummary() {
  return useQuery(getSummaryQueryOptions());
}
