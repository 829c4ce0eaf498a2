import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, passwordChangeFormSchema, type PasswordChangeForm as Values } from '@ebook/shared';
import { PasswordField } from '@/components/ui/password-field';
import { showError, showSuccess } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useChangePassword } from '../api/change-password';
import { Button } from '@/components/ui/button';

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '', revokeAppPasswords: false };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(passwordChangeFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, newPassword, revokeAppPasswords }) =>
    change.mutate(
      { currentPassword, newPassword, revokeAppPasswords },
      {
        onSuccess: ({ msg }) => {
          reset(EMPTY);
          void showSuccess('Password changed', msg);
        },
        onError: (error) =>
          void showError('Password not changed', errorText(error) ?? 'Server error. Please try again later.'),
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Change password">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Your other sessions will be logged out.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" {...register('revokeAppPasswords')} />
        <span>Also sign out my e-reader apps (revoke every app password)</span>
      </label>
      <Button type="submit" loading={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
