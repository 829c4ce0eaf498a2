/**
 * A labelled password input. `revealable` adds a Show/Hide button for the one who types it (the login
 * form); fields that set a new password leave it out, as their confirmation field checks the typing.
 */
import { useState, type ComponentProps } from 'react';
import { FormField } from './form-field';

type PasswordFieldProps = Omit<ComponentProps<typeof FormField>, 'type' | 'children'> & { revealable?: boolean };

export function PasswordField({ revealable = false, ...field }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <FormField type={shown ? 'text' : 'password'} {...field}>
      {revealable && (
        <button
          type="button"
          className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-xs font-medium text-stone-500 hover:text-stone-800"
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      )}
    </FormField>
  );
}
