/**
 * Where the one 401 path leads (lib/session-expiry.ts): to the login page, remembering the page the
 * member was on, as RequireAuth does for a visitor; the login page brings them back to it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import { meQueryKey } from '@/features/auth/api/get-me';
import { onSessionExpired } from '@/lib/session-expiry';

export function sendToLoginWhenSessionEnds(router: DataRouter, queryClient: QueryClient): () => void {
  return onSessionExpired(() => {
    const from = router.state.location;
    const leaving =
      from.pathname === paths.login
        ? Promise.resolve()
        : router.navigate(paths.login, { replace: true, state: { from } });
    // Forgotten once the page that asked is gone, so it does not ask again on the way out.
    void leaving.then(() => {
      queryClient.setQueryData(meQueryKey, null);
      // Nothing of the last user's data may show to the next one (as at logout).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    });
  });
}
