import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearStoredUser } from '@/lib/auth-storage';
import { meQueryKey } from './get-me';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/logout').catch(() => undefined),
    onSettled: () => {
      clearStoredUser();
      queryClient.setQueryData(meQueryKey, null);
      // Nothing of the last user's data may show to the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}
