import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, passwordChangeFormSchema, type PasswordChangeForm as Values } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { showError, showSuccess } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useChangePassword } from '../api/change-password';

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
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Your other sessions will be logged out.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" {...register('revokeAppPasswords')} />
        <span>Also sign out my e-reader apps (revoke every app password)</span>
      </label>
      <button
        type="submit"
        disabled={change.isPending}
        className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {change.isPending ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}
