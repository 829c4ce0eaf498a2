import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { showGoogleRefusal } from '@/features/auth/components/google-sign-in-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { forgetPendingForGoogle, returnStateOf, returnTarget } from '@/lib/auth/continue-after-login';

export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  // A visitor sent here by a guard or by "Login Required" goes back to where they were, and the page
  // finishes what they had started (add to cart, wishlist, buy now).
  const back = returnStateOf(location.state);
  // A Google sign-in that was refused comes back here with the reason's code.
  const [search, setSearch] = useSearchParams();
  const googleRefusal = search.get('google');
  useEffect(() => {
    if (!googleRefusal) return;
    setSearch({}, { replace: true });
    // What the visitor had started waits no more: they are here, not back on its page.
    forgetPendingForGoogle();
    showGoogleRefusal(googleRefusal);
  }, [googleRefusal, setSearch]);
  return (
    <AuthCard title="Welcome back" subtitle="Log in to your account to continue reading.">
      <LoginForm
        defaultEmail={back.email}
        signupState={back}
        googleReturnTo={back.from ? `${back.from.pathname}${back.from.search}` : '/'}
        googlePending={back.pending}
        onLoggedIn={() => {
          const target = returnTarget(back);
          void navigate(target.to, { replace: true, state: target.state });
        }}
      />
    </AuthCard>
  );
}
