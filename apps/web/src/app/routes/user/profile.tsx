import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AppPasswords } from '@/features/profile/components/app-passwords';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { DeleteAccountForm } from '@/features/profile/components/delete-account-form';
import { MyData } from '@/features/profile/components/my-data';
import { ProfileCard } from '@/features/profile/components/profile-card';

export default function Route() {
  const navigate = useNavigate();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Profile</h1>
      <ProfileCard />
      <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 font-serif text-xl font-semibold text-stone-900">Change password</h2>
        <ChangePasswordForm />
      </section>
      <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 font-serif text-xl font-semibold text-stone-900">E-reader apps</h2>
        <AppPasswords />
      </section>
      <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 font-serif text-xl font-semibold text-stone-900">My data</h2>
        <MyData />
      </section>
      <section className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 font-serif text-xl font-semibold text-red-800">Delete my account</h2>
        <DeleteAccountForm onDeleted={() => navigate(paths.home, { replace: true })} />
      </section>
    </div>
  );
}
