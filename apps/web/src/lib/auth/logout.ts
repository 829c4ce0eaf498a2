import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearStoredUser, markSignedOut } from './auth-storage';
import { forgetSession } from './forget-session';

/**
 * POST /api/auth/logout; the browser forgets the user whatever the answer. The stored user goes first:
 * a request still in flight (the header's cart or bell) that the ended session answers 401 is then
 * not taken for an expired session, which would send the member to the login page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: () => {
      markSignedOut();
      clearStoredUser();
    },
    mutationFn: () => api.post('/auth/logout').catch(() => undefined),
    onSettled: () => forgetSession(queryClient),
  });
}
