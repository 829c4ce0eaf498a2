import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProfile = () => api.get<User>('/users/me');

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile, staleTime: 0 });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
