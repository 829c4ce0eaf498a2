import { useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnStateOf, returnTarget } from '@/lib/auth/continue-after-login';

export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  // A visitor sent here by a guard or by "Login Required" goes back to where they were, and the page
  // finishes what they had started (add to cart, wishlist, buy now).
  const back = returnStateOf(location.state);
  return (
    <AuthCard title="Welcome back" subtitle="Log in to your account to continue reading.">
      <LoginForm
        defaultEmail={back.email}
        signupState={back}
        onLoggedIn={() => {
          const target = returnTarget(back);
          void navigate(target.to, { replace: true, state: target.state });
        }}
      />
    </AuthCard>
  );
}
