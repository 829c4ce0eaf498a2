import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { accountDeleteSchema, type AccountDeleteInput } from '@ebook/shared';
import { PasswordField } from '@/components/ui/password-field';
import { confirmAction, showError, showSuccess } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useDeleteAccount } from '../api/delete-account';
import { Button } from '@/components/ui/button';

/** Deletes the member's own account after the password and a confirmation. */
export function DeleteAccountForm({ onDeleted }: { onDeleted: () => Promise<void> | void }) {
  const remove = useDeleteAccount();
  // The session is forgotten only once this page has left the screen (the navigation committed):
  // forgotten earlier, the dashboard's guard would still be showing and send the browser to /login.
  const forget = useRef<(() => void) | null>(null);
  useEffect(() => () => forget.current?.(), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountDeleteInput>({ resolver: zodResolver(accountDeleteSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const confirmed = await confirmAction({
      title: 'Are you sure?',
      text: 'This will permanently delete your account. The books you bought will no longer be downloadable.',
      confirmText: 'Delete my account',
    });
    if (!confirmed) return;
    remove.mutate(values, {
      onSuccess: ({ msg }) => {
        void showSuccess('Deleted!', msg);
        forget.current = remove.forgetSession;
        void onDeleted();
      },
      onError: (error) => void showError('Error', errorText(error) ?? 'Server error. Please try again later.'),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Delete my account">
      <p className="text-sm text-stone-700">
        Your name, e-mail, phone, picture, saved cards, cart and wishlist are deleted, and the books you bought can no
        longer be downloaded. Your orders stay in the store&apos;s accounts without your personal data. Books of yours
        that were approved stay in the library; pending and rejected ones are deleted.
      </p>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button variant="danger" type="submit" loading={remove.isPending}>
        {remove.isPending ? 'Deleting...' : 'Delete my account'}
      </Button>
    </form>
  );
}
