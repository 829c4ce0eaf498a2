import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { clearStoredUser, readStoredUser, storeUser } from './auth-storage';

/** The signed-in user, or null for a visitor. */
export async function getMe(): Promise<User | null> {
  const { user } = await api.get<{ user: User | null }>('/auth/session');
  if (user) storeUser(user);
  else clearStoredUser();
  return user;
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    staleTime: 5 * 60_000,
    // Paint the stored user at once; the request above confirms or clears it.
    placeholderData: () => readStoredUser(),
  });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
