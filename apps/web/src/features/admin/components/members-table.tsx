/** 'Members Management': members (never admins), 5 per page, each removable after a confirmation. */
import { useState } from 'react';
import { PAGE_SIZE, type User } from '@ebook/shared';
import { confirmThenRun } from '@/lib/alerts';
import { useDeleteMember } from '../api/delete-member';
import { useMembers } from '../api/get-members';
import { Icon } from '@/components/ui/icon';
import { Pagination } from '@/components/ui/pagination';
import { pageWindow } from '../lib/page-window';
import { TableShell } from './table-shell';
import { useStepBackPastLastPage } from '@/hooks/use-step-back-past-last-page';
import { IconButton } from '@/components/ui/icon-button';

export function MembersTable() {
  const [page, setPage] = useState(1);
  const members = useMembers(page);
  const remove = useDeleteMember();
  const total = members.data?.total ?? 0;

  useStepBackPastLastPage(page, setPage, members.data?.total, PAGE_SIZE.members);

  const onDelete = async (member: User) => {
    await confirmThenRun({
      confirm: { title: 'Are you sure?', text: 'This will permanently delete the Member.', confirmText: 'Yes, delete' },
      action: () => remove.mutateAsync(member._id),
      success: ['Deleted!', 'Member has been removed.'],
      failure: ['Error!', 'Failed to delete Member.'],
    });
  };

  const rows = members.data?.users ?? [];
  return (
    <div>
      <TableShell
        caption="Members"
        headers={['Name', 'Email', 'Phone', 'Actions']}
        loading={members.isPending}
        error={members.isError}
        empty={rows.length === 0}
        emptyText="No Members found."
      >
        {rows.map((member) => (
          <tr key={member._id} className="hover:bg-stone-50/60">
            <td className="px-4 py-3 font-medium text-stone-900">{member.name}</td>
            <td className="px-4 py-3 text-stone-700">
              <a href={`mailto:${member.email}`} className="hover:underline">
                {member.email}
              </a>
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-stone-700">{member.phone}</td>
            <td className="px-4 py-3">
              <IconButton
                label={`Delete ${member.name}`}
                title="Delete"
                variant="ghost-danger"
                icon={<Icon name="trash" className="h-4 w-4" />}
                onClick={() => void onDelete(member)}
                disabled={remove.isPending}
              />
            </td>
          </tr>
        ))}
      </TableShell>
      <Pagination
        page={page}
        pageCount={Math.ceil(total / PAGE_SIZE.members)}
        onPageChange={setPage}
        label="Members pages"
        showPreviousNext={false}
        items={pageWindow}
        size="sm"
        className="mt-4"
      />
    </div>
  );
}
