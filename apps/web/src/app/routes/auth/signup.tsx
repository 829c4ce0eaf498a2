import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Create your account" subtitle="Join to keep a wishlist, buy books and share your own.">
      <SignupForm onRegistered={() => void navigate(paths.login)} />
    </AuthCard>
  );
}
