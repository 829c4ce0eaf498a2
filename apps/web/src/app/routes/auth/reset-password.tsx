import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthCard title="Choose a new password" subtitle="Your other sessions will be logged out.">
      <ResetPasswordForm
        token={params.get('token') ?? ''}
        onDone={() => void navigate(paths.login, { replace: true })}
      />
    </AuthCard>
  );
}
