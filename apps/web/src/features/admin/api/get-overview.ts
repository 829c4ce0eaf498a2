import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@ebook/shared';
import { api } from '@/lib/api-client';

/**
 * The admin area's query keys. Book lists sit under 'books' so that saving a book anywhere (the
 * shared book form invalidates ['books']) refreshes them too.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  notifications: (limit: number) => ['admin', 'notifications', limit] as const,
  members: (page: number) => ['admin', 'members', page] as const,
  pendingBooks: ['books', 'admin', 'pending'] as const,
  managedBooks: (page: number) => ['books', 'admin', 'manage', page] as const,
};

/** Admin screens show the store as it is now: refetch whenever a screen mounts. */
export const ADMIN_STALE_TIME = 0;

/** GET /api/admin/overview: the tiles' counts and the store currency. */
export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api.get<AdminOverview>('/admin/overview', { signal });
}

export const getOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useAdminOverview() {
  return useQuery(getOverviewQueryOptions());
}
