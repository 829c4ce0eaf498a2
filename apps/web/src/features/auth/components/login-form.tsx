import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { loginSchema, type LoginInput, type User } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { showError, showSuccess } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useLogin } from '../api/login';
import { Button } from '@/components/ui/button';
import type { PendingAction } from '@/lib/auth/continue-after-login';
import { GoogleSignInButton } from './google-sign-in-button';

export function LoginForm({
  onLoggedIn,
  defaultEmail = '',
  signupState,
  googleReturnTo = '/',
  googlePending,
}: {
  onLoggedIn: (user: User) => void;
  /** The e-mail just registered, filled in. */
  defaultEmail?: string;
  /** Carried to the signup page, so a visitor who signs up instead still returns where they were. */
  signupState?: unknown;
  /** The page (a path of the app) a member signed in with Google comes back to. */
  googleReturnTo?: string;
  /** The action to finish there (add to cart, wishlist, buy now). */
  googlePending?: PendingAction;
}) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, remember: false },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ user }) => {
        void showSuccess('Login Successful!');
        onLoggedIn(user);
      },
      onError: (error) => void showError('Login failed', errorText(error) ?? 'Server error. Please try again later.'),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <PasswordField
        label="Password"
        revealable
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2 text-stone-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('remember')} />
          Remember Me
        </label>
        <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <Button size="lg" className="w-full" type="submit" loading={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Login'}
      </Button>
      <GoogleSignInButton returnTo={googleReturnTo} pending={googlePending} />
      <p className="text-center text-sm text-stone-600">
        New here?{' '}
        <Link to={paths.signup} state={signupState} className="font-semibold text-brand-700 hover:underline">
          Register Now
        </Link>
      </p>
    </form>
  );
}
