import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { loginSchema, type LoginInput, type User } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { showError, showSuccess, showWarning } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useLogin } from '../api/login';

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: User) => void }) {
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { remember: false } });

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
      <FormField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      >
        <button
          type="button"
          className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-xs font-medium text-stone-500 hover:text-stone-800"
          aria-label={showPassword ? 'Hide password' : 'Show password'}
          onClick={() => setShowPassword((value) => !value)}
        >
          {showPassword ? 'Hide' : 'Show'}
        </button>
      </FormField>
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2 text-stone-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('remember')} />
          Remember Me
        </label>
        <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <button
        type="submit"
        disabled={login.isPending}
        className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white shadow hover:bg-brand-700 disabled:cursor-wait disabled:opacity-60"
      >
        {login.isPending ? 'Logging in…' : 'Login'}
      </button>
      <button
        type="button"
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-stone-300 py-2.5 font-medium text-stone-700 hover:bg-stone-50"
        onClick={() => void showWarning('Login with Google', 'Signing in with Google is not available yet.')}
      >
        <span aria-hidden className="font-bold text-blue-600">
          G
        </span>
        Login with Google
      </button>
      <p className="text-center text-sm text-stone-600">
        New here?{' '}
        <Link to={paths.signup} className="font-semibold text-brand-700 hover:underline">
          Register Now
        </Link>
      </p>
    </form>
  );
}
