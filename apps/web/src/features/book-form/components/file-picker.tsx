import { useId, useRef, type ReactNode } from 'react';

/**
 * A labelled file input that checks the chosen file before accepting it; a refused file is cleared
 * from the input and its reason shown under it.
 */
export function FilePicker({
  label,
  accept,
  check,
  onFile,
  error,
  onError,
  hint,
  children,
}: {
  label: string;
  accept: string;
  check: (file: File) => string | null;
  onFile: (file: File) => void;
  error: string | null;
  onError: (message: string | null) => void;
  hint?: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="block w-full cursor-pointer rounded-lg border border-stone-300 bg-white text-sm text-stone-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const problem = check(file);
          if (problem) {
            onError(problem);
            if (input.current) input.current.value = '';
            return;
          }
          onError(null);
          onFile(file);
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-stone-500">
            {hint}
          </p>
        )
      )}
      {children}
    </div>
  );
}
