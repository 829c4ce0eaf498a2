import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/users/me/app-passwords/:id: the apps using it are signed out at once. */
export const revokeAppPassword = (id: string) => api.delete<{ msg: string }>(`/users/me/app-passwords/${id}`);

export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAppPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords }),
  });
}
