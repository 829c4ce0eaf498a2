import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Admin screens show the store as it is now: refetch whenever a screen mounts. */
export const ADMIN_STALE_TIME = 0;

/** GET /api/admin/overview: the tiles' counts and the store currency. */
export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api.get<AdminOverview>('/admin/overview', { signal });
}

export const getOverviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.overview,
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useAdminOverview() {
  return useQuery(getOverviewQueryOptions());
}
