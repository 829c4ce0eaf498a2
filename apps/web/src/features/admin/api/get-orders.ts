import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderFilter, AdminOrderPage } from '@ebook/shared';
import { api, buildUrl } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ADMIN_STALE_TIME } from './get-overview';

/** `after`: the order the page starts after (the page before's `nextCursor`), for the next page by key. */
export type OrdersQuery = AdminOrderFilter & { page: number; limit: number; after?: string };

/** GET /api/admin/orders: one page of orders, newest first, as the filter shows them. */
export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<AdminOrderPage> {
  return api.get<AdminOrderPage>('/admin/orders', { query, signal });
}

export const getOrdersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.ordersPage(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useOrders(query: OrdersQuery) {
  return useQuery(getOrdersQueryOptions(query));
}

/** The CSV export of what the filter shows (the session cookie goes with the link). */
export const ordersExportUrl = (filter: AdminOrderFilter) => buildUrl('/admin/orders/export', { ...filter });
