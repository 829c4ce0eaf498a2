import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { showError } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useRequestPasswordReset } from '../api/password-reset';
import { Button } from '@/components/ui/button';

/** Asks for a reset link. The answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [answer, setAnswer] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema) });

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: ({ msg }) => setAnswer(msg),
      onError: (error) => void showError('Error', errorText(error) ?? 'Server error. Please try again later.'),
    }),
  );

  if (answer) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-800">
          {answer}
        </p>
        <Link to={paths.login} className="block text-center font-semibold text-brand-700 hover:underline">
          Back to Login
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button size="lg" className="w-full" type="submit" loading={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </form>
  );
}
