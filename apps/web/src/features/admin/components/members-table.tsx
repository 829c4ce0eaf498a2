/**
 * 'Members Management': members (never admins), 5 per page, found by name or e-mail; each opens their
 * page, can be suspended or reinstated, and removed after a confirmation.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS, type AdminMember, type User } from '@ebook/shared';
import { paths } from '@/config/paths';
import { confirmThenRun } from '@/lib/alerts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { Button } from '@/components/ui/button';
import { useSetSuspended } from '../api/member';
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
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const members = useMembers(page, q);
  const remove = useDeleteMember();
  const suspension = useSetSuspended();
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

  const onSuspend = async (member: AdminMember) => {
    const suspended = !member.suspended;
    await confirmThenRun({
      confirm: suspended
        ? {
            title: `Suspend ${member.name}?`,
            text: 'They will be signed out and cannot sign in or use app passwords until reinstated. Their data is kept.',
            confirmText: 'Yes, suspend',
          }
        : { title: `Reinstate ${member.name}?`, confirmText: 'Yes, reinstate', danger: false },
      action: () => suspension.mutateAsync({ id: member._id, suspended }),
      success: suspended ? ['Suspended', 'Member has been suspended.'] : ['Reinstated', 'Member has been reinstated.'],
      failure: ['Error!', suspended ? 'Failed to suspend Member.' : 'Failed to reinstate Member.'],
    });
  };

  const rows = members.data?.users ?? [];
  return (
    <div>
      <div className="mb-4" role="search" aria-label="Find members">
        <label htmlFor="admin-member-search" className="block text-sm font-medium text-stone-700">
          Search members
        </label>
        <input
          id="admin-member-search"
          type="search"
          value={search}
          maxLength={200}
          placeholder="Name or e-mail"
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className="mt-1 w-full max-w-md rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
      </div>
      <TableShell
        caption="Members"
        headers={['Name', 'Email', 'Phone', 'Actions']}
        loading={members.isPending}
        error={members.isError}
        empty={rows.length === 0}
        emptyText={q ? 'No members found for your search.' : 'No Members found.'}
      >
        {rows.map((member) => (
          <tr key={member._id} className="hover:bg-stone-50/60">
            <td className="px-4 py-3 font-medium text-stone-900">
              <Link to={paths.admin.member(member._id)} className="hover:underline">
                {member.name}
              </Link>
              {member.suspended && (
                <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200 ring-inset">
                  Suspended
                </span>
              )}
            </td>
            <td className="px-4 py-3 text-stone-700">
              <a href={`mailto:${member.email}`} className="hover:underline">
                {member.email}
              </a>
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-stone-700">{member.phone}</td>
            <td className="px-4 py-3">
              <div className="flex items-center gap-2">
                <Button
                  size="sm"
                  variant={member.suspended ? 'secondary' : 'danger-outline'}
                  onClick={() => void onSuspend(member)}
                  disabled={suspension.isPending}
                  aria-label={`${member.suspended ? 'Reinstate' : 'Suspend'} ${member.name}`}
                >
                  {member.suspended ? 'Reinstate' : 'Suspend'}
                </Button>
                <IconButton
                  label={`Delete ${member.name}`}
                  title="Delete"
                  variant="ghost-danger"
                  icon={<Icon name="trash" className="h-4 w-4" />}
                  onClick={() => void onDelete(member)}
                  disabled={remove.isPending}
                />
              </div>
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
