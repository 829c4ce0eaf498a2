import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH, signupFormSchema, type SignupForm as SignupValues } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { showError, showSuccess } from '@/lib/alerts';
import { errorCode, errorText } from '@/lib/errors';
import { useRegister } from '../api/register';
import { PhoneField } from '@/components/ui/phone-field';
import { Button } from '@/components/ui/button';

const EMPTY: SignupValues = { name: '', email: '', phone: '', password: '', confirmPassword: '' };

export function SignupForm({
  onRegistered,
  loginState,
}: {
  onRegistered: (email: string) => void;
  /** Carried to the login page, so a visitor who logs in instead still returns where they were. */
  loginState?: unknown;
}) {
  const registration = useRegister();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SignupValues>({ resolver: zodResolver(signupFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    const { confirmPassword: _confirm, ...payload } = values;
    registration.mutate(payload, {
      onSuccess: () => {
        // The same answer whether or not the e-mail already had an account (its owner gets an e-mail).
        void showSuccess('Registration Successful!', 'We have sent you an e-mail. You can now log in.');
        onRegistered(values.email);
      },
      onError: (error) => {
        void showError('Registration failed', errorText(error) ?? 'Server Error. Please try again later.');
        // A refused password keeps what was typed; any other failure clears the form, as specified.
        if (errorCode(error) !== 'WEAK_PASSWORD') reset(EMPTY);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <PhoneField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <PasswordField
        label="Password"
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
      <Button size="lg" className="w-full" type="submit" loading={registration.isPending}>
        {registration.isPending ? 'Creating account…' : 'Sign up'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to={paths.login} state={loginState} className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </form>
  );
}
