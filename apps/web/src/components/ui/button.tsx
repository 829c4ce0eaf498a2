/**
 * The app's buttons. `variant` says what the button does (the main action, a secondary one, a
 * destructive one), `size` how much room it takes; `loading` disables it while its action runs and
 * tells assistive technology so. Extra classes place it (width, margins), not restyle it.
 */
import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'border border-stone-300 bg-white text-stone-700 hover:bg-stone-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  'danger-outline': 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
} as const;

const SIZES = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2',
  lg: 'px-6 py-2.5',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  type = 'button',
  className = '',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${
        loading ? 'disabled:cursor-wait' : 'disabled:cursor-not-allowed'
      } ${VARIANTS[variant]} ${SIZES[size]} ${
        // The main action of a form or page stands out in bold.
        variant === 'primary' && size === 'lg' ? 'font-semibold' : 'font-medium'
      } ${className}`}
      {...props}
    />
  );
}
