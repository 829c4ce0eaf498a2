import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignupForm } from '@/features/auth/components/signup-form';
import { returnStateOf, type ReturnState } from '@/lib/auth/continue-after-login';

export default function SignupRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = returnStateOf(location.state);
  return (
    <AuthCard title="Create your account" subtitle="Join to keep a wishlist, buy books and share your own.">
      <SignupForm
        loginState={back}
        onRegistered={(email) => {
          // The login form opens with the new e-mail filled in, and still knows the way back.
          const state: ReturnState = { ...back, email };
          void navigate(paths.login, { state });
        }}
      />
    </AuthCard>
  );
}
