/**
 * A round button that shows only an icon; `label` is its accessible name (and its tooltip), so it is
 * required.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

const VARIANTS = {
  /** Quiet until hovered: row actions in tables. */
  ghost: 'text-stone-600 hover:bg-stone-100',
  'ghost-danger': 'text-red-600 hover:bg-red-50',
  outline: 'border border-stone-300 bg-white text-stone-700 shadow-sm hover:bg-stone-50',
  approve: 'bg-emerald-700 text-white hover:bg-emerald-800',
  reject: 'bg-red-600 text-white hover:bg-red-700',
} as const;

const SIZES = { sm: 'h-9 w-9', md: 'h-10 w-10' } as const;

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  icon: ReactNode;
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
}

export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'sm',
  type = 'button',
  className = '',
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...props}
    >
      {icon}
    </button>
  );
}
