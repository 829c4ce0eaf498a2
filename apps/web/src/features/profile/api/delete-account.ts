import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeleteInput } from '@ebook/shared';
import { meQueryKey } from '@/features/auth/api/get-me';
import { api } from '@/lib/api-client';
import { clearStoredUser } from '@/lib/auth-storage';

/** DELETE /api/users/me with the password; the session ends with the account. */
export const deleteAccount = (input: AccountDeleteInput) => api.delete<{ msg: string }>('/users/me', { body: input });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearStoredUser();
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}
