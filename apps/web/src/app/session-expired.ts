/**
 * Where the one 401 path leads (lib/auth/session-expiry.ts): to the login page, remembering the page the
 * member was on, as RequireAuth does for a visitor; the login page brings them back to it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import { forgetSession } from '@/lib/auth/forget-session';
import { onSessionExpired } from '@/lib/auth/session-expiry';

export function sendToLoginWhenSessionEnds(router: DataRouter, queryClient: QueryClient): () => void {
  return onSessionExpired(() => {
    const from = router.state.location;
    const leaving =
      from.pathname === paths.login
        ? Promise.resolve()
        : router.navigate(paths.login, { replace: true, state: { from } });
    // Forgotten once the page that asked is gone, so it does not ask again on the way out.
    void leaving.then(() => {
      forgetSession(queryClient);
    });
  });
}
