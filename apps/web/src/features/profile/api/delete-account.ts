import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeleteInput } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { forgetSession } from '@/lib/auth/forget-session';

/** DELETE /api/users/me with the password; the session ends with the account. */
export const deleteAccount = (input: AccountDeleteInput) => api.delete<{ msg: string }>('/users/me', { body: input });

/**
 * The mutation, and `forgetSession` to drop the signed-in state once the page has left the
 * protected area (cleared first, the guard would send the browser to /login).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteAccount });
  return { ...mutation, forgetSession: () => forgetSession(queryClient) };
}
