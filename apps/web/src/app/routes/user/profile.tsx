import { ProfileCard } from '@/features/profile/components/profile-card';

export default function Route() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Profile</h1>
      <ProfileCard />
    </div>
  );
}
