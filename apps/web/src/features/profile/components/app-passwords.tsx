import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createAppPasswordSchema, type CreateAppPasswordInput, type CreatedAppPassword } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { confirmAction, showError } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { opdsAddress } from '@/lib/opds';
import { useCreateAppPassword } from '../api/create-app-password';
import { useAppPasswords } from '../api/get-app-passwords';
import { useProfile } from '../api/get-profile';
import { useRevokeAppPassword } from '../api/revoke-app-password';
import { CopyButton } from './copy-button';
import { Button } from '@/components/ui/button';

const failure = (error: unknown) => errorText(error) ?? 'Server error. Please try again later.';

const EMPTY: CreateAppPasswordInput = { name: '', password: '' };

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * App passwords for e-reader apps (OPDS): the catalogue's address, how to connect, a form to create a
 * password (the account password confirms it; shown once, with a copy button), and the list to revoke them.
 */
export function AppPasswords() {
  const email = useProfile().data?.email;
  const list = useAppPasswords();
  const create = useCreateAppPassword();
  const revoke = useRevokeAppPassword();
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);
  const address = opdsAddress();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateAppPasswordInput>({ resolver: zodResolver(createAppPasswordSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (result) => {
        setCreated(result);
        reset(EMPTY);
      },
      onError: (error) => void showError('App password not created', failure(error)),
    }),
  );

  const onRevoke = async (id: string, name: string) => {
    const confirmed = await confirmAction({
      title: `Revoke "${name}"?`,
      text: 'Apps using this password will be signed out at once.',
      confirmText: 'Revoke',
      danger: true,
    });
    if (!confirmed) return;
    revoke.mutate(id, {
      onSuccess: () => setCreated((shown) => (shown?.appPassword._id === id ? null : shown)),
      onError: (error) => void showError('App password not revoked', failure(error)),
    });
  };

  const passwords = list.data?.appPasswords ?? [];
  return (
    <div className="space-y-5">
      <div className="space-y-2 text-sm text-stone-700">
        <p>
          Read your books in e-reader apps such as KOReader, Thorium, Moon+ Reader or Calibre: add this OPDS catalogue
          in the app, then sign in with your e-mail
          {email ? (
            <>
              {' '}
              <strong>{email}</strong>
            </>
          ) : null}{' '}
          and an app password made here. Your account password never works in apps.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-stone-900">OPDS address:</span>
          <code className="rounded bg-stone-100 px-2 py-1 text-stone-900" data-testid="opds-address">
            {address}
          </code>
          <CopyButton text={address} label="Copy the OPDS address" />
        </div>
      </div>

      {created && (
        <div role="status" className="space-y-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4">
          <p className="text-sm font-medium text-emerald-900">
            Your new app password for “{created.appPassword.name}”. Copy it now: it will not be shown again.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="whitespace-nowrap rounded bg-white px-3 py-1.5 text-base tracking-wider text-stone-900 sm:text-lg"
              data-testid="new-app-password"
            >
              {created.password}
            </code>
            <CopyButton text={created.password} label="Copy the app password" />
            <button
              type="button"
              onClick={() => setCreated(null)}
              className="text-sm text-emerald-900 underline hover:no-underline"
            >
              Done
            </button>
          </div>
        </div>
      )}

      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-wrap items-start gap-3"
        aria-label="Create an app password"
      >
        <div className="min-w-[16rem] flex-1">
          <FormField
            label="App or device name"
            placeholder="e.g. KOReader on my Kobo"
            error={errors.name?.message}
            {...register('name')}
          />
        </div>
        <div className="min-w-[12rem] flex-1">
          <PasswordField
            label="Your account password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
        </div>
        <Button className="mt-6" type="submit" loading={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create app password'}
        </Button>
      </form>

      {list.isError ? (
        <p className="text-sm text-red-700">Your app passwords could not be loaded.</p>
      ) : passwords.length === 0 ? (
        <p className="text-sm text-stone-500">{list.isPending ? 'Loading...' : 'You have no app passwords yet.'}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200" aria-label="App passwords">
          {passwords.map((each) => (
            <li key={each._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium text-stone-900">{each.name}</p>
                <p className="text-xs text-stone-500">
                  Created {when(each.createdAt)} ·{' '}
                  {each.lastUsedAt ? `last used ${when(each.lastUsedAt)}` : 'never used'}
                </p>
              </div>
              <Button
                variant="danger-outline"
                size="sm"
                onClick={() => void onRevoke(each._id, each.name)}
                loading={revoke.isPending}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
