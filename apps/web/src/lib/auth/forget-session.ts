import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { clearStoredUser } from './auth-storage';

/**
 * Forgets the signed-in user: the stored user, the session query, and every query made for them, so
 * nothing of the last user's data shows to the next one. Logging out, deleting the account and an
 * ended session all end here.
 */
export function forgetSession(queryClient: QueryClient): void {
  clearStoredUser();
  queryClient.setQueryData(queryKeys.me, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
}
