import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { showError, showWarning } from '@/lib/alerts';
import { keepPendingForGoogle, type PendingAction } from '@/lib/auth/continue-after-login';
import { storeInfoQueryOptions } from '@/lib/store-currency';

/** Why a Google sign-in came back refused (the server's code in `#/login?google=`), in plain words. */
const GOOGLE_REFUSALS: Record<string, string> = {
  GOOGLE_EMAIL_UNVERIFIED:
    'Google has not verified the e-mail address of that account. Verify it with Google, or log in with your password.',
  ACCOUNT_SUSPENDED: 'This account is suspended. Please contact the store.',
  GOOGLE_NOT_CONFIGURED: 'Login with Google is not set up on this store.',
};

export function showGoogleRefusal(code: string): void {
  void showError(
    'Google sign-in failed',
    GOOGLE_REFUSALS[code] ?? 'The sign-in with Google did not complete. Please try again.',
  );
}

/**
 * "Login with Google": a full-page trip to Google (or the configured OpenID provider) and back to
 * `returnTo`, signed in, where the page finishes `pending` (the action the visitor had started there).
 * When the store has no Google client, it says how its owner enables one. A click before the store's
 * facts have come waits for them, rather than taking their absence for "not set up".
 */
export function GoogleSignInButton({ returnTo, pending }: { returnTo: string; pending?: PendingAction }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const start = async () => {
    setAsking(true);
    const info = await queryClient.ensureQueryData(storeInfoQueryOptions).catch(() => undefined);
    setAsking(false);
    if (!info) {
      void showError('Login with Google', 'The store could not be reached. Please try again.');
    } else if (info.googleSignIn) {
      keepPendingForGoogle(new URL(returnTo, window.location.origin).pathname, pending);
      window.location.assign(`/api/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`);
    } else {
      void showWarning(
        'Login with Google',
        'Login with Google is not set up on this store yet. Its owner turns it on by setting GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
      );
    }
  };
  return (
    <Button variant="secondary" size="lg" className="w-full" loading={asking} onClick={() => void start()}>
      <span aria-hidden className="font-bold text-blue-700">
        G
      </span>
      Login with Google
    </Button>
  );
}
