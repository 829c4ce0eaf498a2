import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Earnings } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/me/earnings: copies sold and revenue of each paid book the member submitted. */
export const getEarnings = () => api.get<Earnings>('/users/me/earnings');

export const getEarningsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.orders.earnings, queryFn: getEarnings });

export function useEarnings() {
  return useQuery(getEarningsQueryOptions());
}
