import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorEarnings, Sales, SalesQuery } from '@ebook/shared';
import { api, buildUrl } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ADMIN_STALE_TIME } from './get-overview';

/** GET /api/admin/sales: the figures between two days, by day, week or month. */
export const getSales = (query: SalesQuery, signal?: AbortSignal) => api.get<Sales>('/admin/sales', { query, signal });

export const getSalesQueryOptions = (query: SalesQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.sales(query),
    queryFn: ({ signal }) => getSales(query, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useSales(query: SalesQuery, enabled = true) {
  return useQuery({ ...getSalesQueryOptions(query), enabled });
}

/** GET /api/admin/earnings: each author's copies sold, revenue and royalty. */
export function useAuthorEarnings() {
  return useQuery({
    queryKey: queryKeys.admin.earnings,
    queryFn: ({ signal }) => api.get<AuthorEarnings>('/admin/earnings', { signal }),
    staleTime: ADMIN_STALE_TIME,
  });
}

export const payoutsCsvUrl = () => buildUrl('/admin/earnings/payouts');
