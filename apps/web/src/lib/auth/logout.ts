import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
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

/**
 * Logout from a menu: home, and the session ended at once. A navigation can be held up or replaced (its
 * promise is not a promise that it ends), so the logout does not wait for it; the guard of a protected
 * page being left sends a just-signed-out member home, not to /login (markSignedOut).
 */
export function useLogoutAndGoHome() {
  const logout = useLogout();
  const navigate = useNavigate();
  return {
    logoutAndGoHome: () => {
      void navigate(paths.home);
      logout.mutate();
    },
    isPending: logout.isPending,
  };
}
