import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH, resetPasswordFormSchema, type ResetPasswordForm as Values } from '@ebook/shared';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { showError, showSuccess } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useResetPassword } from '../api/password-reset';
import { Button } from '@/components/ui/button';

/** Chooses a new password with the token from the e-mailed link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(resetPasswordFormSchema) });

  if (!token) {
    return (
      <p role="alert" className="text-stone-700">
        This reset link is not complete.{' '}
        <Link to={paths.forgotPassword} className="font-semibold text-brand-700 hover:underline">
          Ask for a new one
        </Link>
        .
      </p>
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ msg }) => {
          void showSuccess('Password changed', msg);
          onDone();
        },
        onError: (error) =>
          void showError('Password not changed', errorText(error) ?? 'Server error. Please try again later.'),
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button size="lg" className="w-full" type="submit" loading={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Set new password'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        Link expired?{' '}
        <Link to={paths.forgotPassword} className="font-semibold text-brand-700 hover:underline">
          Ask for a new one
        </Link>
      </p>
    </form>
  );
}
