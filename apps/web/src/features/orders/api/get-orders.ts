import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getOrders = () => api.get<{ orders: Order[] }>('/orders').then((body) => body.orders);

export const getOrdersQueryOptions = () => queryOptions({ queryKey: queryKeys.orders.list, queryFn: getOrders });

/** Every order of the member, newest first. */
export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
