import { MembersTable } from '@/features/admin/components/members-table';

export default function AdminMembersRoute() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Members Management</h1>
      <MembersTable />
    </div>
  );
}
