import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PROFILE_IMAGE_MAX_BYTES, profileUpdateSchema, type User } from '@ebook/shared';
import type { z } from 'zod';
import { Avatar } from '@/components/ui/avatar';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { PhoneField } from '@/components/ui/phone-field';
import { showError, showSuccess } from '@/lib/alerts';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { Button } from '@/components/ui/button';

const profileFormSchema = profileUpdateSchema.pick({ name: true, phone: true }).required();
type ProfileForm = z.input<typeof profileFormSchema>;

/** Profile: view mode, and edit mode for name, phone and picture; Cancel restores the server's values. */
export function ProfileCard() {
  const profile = useProfile();
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (profile.isError) void showError('Error', 'Failed to load user profile');
  }, [profile.isError]);

  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) return <p className="text-stone-600">Failed to load user profile</p>;
  const user = profile.data;

  return (
    <div className="max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
      {editing ? (
        <ProfileEditor user={user} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
          <Avatar name={user.name} profileImage={user.profileImage} size={112} />
          <div className="flex-1 space-y-3">
            <dl className="space-y-3">
              <div>
                <dt className="text-xs font-semibold text-stone-500 uppercase">Name</dt>
                <dd className="text-lg font-semibold text-stone-900" data-testid="profile-name">
                  {user.name}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-stone-500 uppercase">E-mail</dt>
                <dd className="text-stone-800">{user.email}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-stone-500 uppercase">Phone</dt>
                <dd className="text-stone-800">{user.phone || '—'}</dd>
              </div>
            </dl>
            <Button onClick={() => setEditing(true)}>Edit Profile</Button>
          </div>
        </div>
      )}
    </div>
  );
}

function ProfileEditor({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile();
  const fileId = useId();
  const [picture, setPicture] = useState<{ file: File; preview: string } | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, formState } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, phone: user.phone },
  });

  const onPicture = (file: File | undefined) => {
    setPictureError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setPictureError('Please choose an image file.');
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      return setPictureError(`The picture must be at most ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
    }
    const reader = new FileReader();
    reader.onload = () => setPicture({ file, preview: reader.result as string });
    reader.readAsDataURL(file);
  };

  const cancel = () => {
    reset({ name: user.name, phone: user.phone });
    setPicture(null);
    onDone();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ name: values.name, phone: values.phone, picture: picture?.file });
      void showSuccess('Profile updated successfully');
      onDone();
    } catch {
      void showError('Error', 'Failed to update profile');
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <div className="flex flex-wrap items-center gap-5">
        <Avatar name={user.name} profileImage={picture?.preview ?? user.profileImage} size={96} />
        <div className="min-w-0 flex-1">
          <label htmlFor={fileId} className="block text-sm font-medium text-stone-700">
            Profile picture
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(event) => onPicture(event.target.files?.[0])}
            className="mt-1 block w-full max-w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
          />
          {pictureError && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {pictureError}
            </p>
          )}
        </div>
      </div>
      <FormField label="Name" autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
      <FormField label="E-mail" value={user.email} readOnly disabled hint="Your e-mail address cannot be changed." />
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <PhoneField
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="flex gap-3">
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
