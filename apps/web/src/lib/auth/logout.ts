import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetSession } from './forget-session';

/** POST /api/auth/logout; the browser forgets the user whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/logout').catch(() => undefined),
    onSettled: () => forgetSession(queryClient),
  });
}
