import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@ebook/shared';
import { api } from '@/lib/api-client';

/** Every admin query key starts here, so one invalidation refreshes the whole dashboard. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  notifications: (limit: number) => ['admin', 'notifications', limit] as const,
  members: (page: number) => ['admin', 'members', page] as const,
  pendingBooks: ['admin', 'books', 'pending'] as const,
  managedBooks: (page: number) => ['admin', 'books', 'manage', page] as const,
};

/** GET /api/admin/overview: the tiles' counts and the store currency. */
export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api.get<AdminOverview>('/admin/overview', { signal });
}

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.overview, queryFn: ({ signal }) => getOverview(signal) });

export function useAdminOverview() {
  return useQuery(getOverviewQueryOptions());
}

/** The store currency for formatting prices; undefined until the server has said. */
export function useStoreCurrency(): string | undefined {
  return useQuery({ ...getOverviewQueryOptions(), select: (overview) => overview.currency }).data;
}
