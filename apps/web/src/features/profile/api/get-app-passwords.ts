import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppPasswordList } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/me/app-passwords: names and dates, never the passwords. */
export const getAppPasswords = () => api.get<AppPasswordList>('/users/me/app-passwords');

export const getAppPasswordsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.appPasswords, queryFn: getAppPasswords });

export function useAppPasswords() {
  return useQuery(getAppPasswordsQueryOptions());
}
