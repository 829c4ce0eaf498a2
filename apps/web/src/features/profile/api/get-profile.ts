import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ebook/shared';
import { api } from '@/lib/api-client';

export const profileQueryKey = ['profile'] as const;

export const getProfile = () => api.get<User>('/users/me');

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 0 });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
