import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ebook/shared';
import { ApiError, api } from '@/lib/api-client';
import { clearStoredUser, readStoredUser, storeUser } from '@/lib/auth-storage';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or null for a visitor (a 401 is an answer, not an error). */
export async function getMe(): Promise<User | null> {
  try {
    const user = await api.get<User>('/users/me');
    storeUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearStoredUser();
      return null;
    }
    throw error;
  }
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 5 * 60_000,
    // Paint the stored user at once; the request above confirms or clears it.
    placeholderData: () => readStoredUser(),
  });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
