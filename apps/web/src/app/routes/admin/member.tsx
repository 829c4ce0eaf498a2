import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { MemberDetailView } from '@/features/admin/components/member-detail';

export default function AdminMemberRoute() {
  const { id = '' } = useParams();
  return (
    <div className="space-y-4">
      <Link to={paths.admin.members} className="text-sm font-medium text-brand-700 hover:underline">
        ← All members
      </Link>
      <MemberDetailView id={id} />
    </div>
  );
}
