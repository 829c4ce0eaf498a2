import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getRecentOrders = () => api.get<Order[]>('/orders/recent');

export const getRecentOrdersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.orders.recent, queryFn: getRecentOrders });

/** The member's orders of the last two days, newest first. */
export function useRecentOrders() {
  return useQuery(getRecentOrdersQueryOptions());
}
