import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with its error message, wired for screen readers. */
export function FormField({
  label,
  error,
  hint,
  children,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode; children?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${
            error ? 'border-red-500' : 'border-stone-300'
          }`}
          {...input}
        />
        {children}
      </div>
      {hint && !error && <p className="text-xs text-stone-500">{hint}</p>}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
