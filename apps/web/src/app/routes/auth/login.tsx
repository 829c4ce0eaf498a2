import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  // A visitor sent here by a guard goes back to where they were heading.
  const from = (location.state as { from?: Location } | null)?.from;
  return (
    <AuthCard title="Welcome back" subtitle="Log in to your account to continue reading.">
      <LoginForm
        onLoggedIn={() => void navigate(from ? `${from.pathname}${from.search}` : paths.home, { replace: true })}
      />
    </AuthCard>
  );
}
