/** A member's page for the admin: who they are, suspend or reinstate, their orders, books, submissions and reviews. */
import { formatMoney, ORDER_STATUS_LABELS, type MemberDetail } from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { confirmThenRun } from '@/lib/alerts';
import { useMember, useSetSuspended } from '../api/member';
import { StatusBadge } from './status-badge';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  const id = `member-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <h2 id={id} className="font-serif text-xl font-bold text-stone-900">
        {title} <span className="text-base font-normal text-stone-500">({count})</span>
      </h2>
      <div className="mt-3">{count === 0 ? <p className="text-stone-600">None yet.</p> : children}</div>
    </section>
  );
}

export function MemberDetailView({ id }: { id: string }) {
  const query = useMember(id);
  const suspension = useSetSuspended();
  if (query.isPending) return <Spinner label="Loading the member" className="justify-center py-12" />;
  if (query.isError)
    return (
      <p role="alert" className="text-red-700">
        This member could not be loaded.
      </p>
    );
  const { member, orders, ordersTotal, owned, submissions, reviews }: MemberDetail = query.data;
  const toggle = () =>
    confirmThenRun({
      confirm: member.suspended
        ? { title: `Reinstate ${member.name}?`, confirmText: 'Yes, reinstate', danger: false }
        : {
            title: `Suspend ${member.name}?`,
            text: 'They will be signed out and cannot sign in or use app passwords until reinstated. Their data is kept.',
            confirmText: 'Yes, suspend',
          },
      action: () => suspension.mutateAsync({ id: member._id, suspended: !member.suspended }),
      success: member.suspended
        ? ['Reinstated', 'Member has been reinstated.']
        : ['Suspended', 'Member has been suspended.'],
      failure: ['Error!', 'The member could not be changed.'],
    });
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-stone-900">{member.name}</h1>
          <p className="text-stone-600">
            {member.email} · {member.phone} · member since {day.format(new Date(member.createdAt))}
          </p>
          {member.suspended && <p className="mt-1 font-medium text-red-800">This member is suspended.</p>}
        </div>
        <Button
          variant={member.suspended ? 'secondary' : 'danger-outline'}
          onClick={() => void toggle()}
          loading={suspension.isPending}
        >
          {member.suspended ? 'Reinstate' : 'Suspend'}
        </Button>
      </header>
      <Section title="Orders" count={ordersTotal}>
        <ul className="divide-y divide-stone-100">
          {orders.map((order) => (
            <li key={order._id} className="flex flex-wrap justify-between gap-3 py-2">
              <span>
                <span className="font-mono text-stone-900">{order.number}</span>{' '}
                <span className="text-sm text-stone-500">{day.format(new Date(order.createdAt))}</span>
                <span className="block text-sm text-stone-700">{order.items.map((item) => item.title).join(', ')}</span>
              </span>
              <span className="text-right">
                <span className="block font-semibold text-stone-900">
                  {formatMoney(order.totalCents, order.currency)}
                </span>
                <span className="text-xs text-stone-600">{ORDER_STATUS_LABELS[order.status]}</span>
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Books owned" count={owned.length}>
        <ul className="divide-y divide-stone-100">
          {owned.map((book) => (
            <li key={book._id} className="flex justify-between gap-3 py-2">
              <span className="text-stone-900">
                {book.title} <span className="text-sm text-stone-500">by {book.author}</span>
              </span>
              <span className="text-sm text-stone-500">{day.format(new Date(book.purchasedAt))}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Submissions" count={submissions.length}>
        <ul className="divide-y divide-stone-100">
          {submissions.map((book) => (
            <li key={book._id} className="flex justify-between gap-3 py-2">
              <span className="text-stone-900">{book.title}</span>
              <StatusBadge status={book.status} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Reviews" count={reviews.length}>
        <ul className="divide-y divide-stone-100">
          {reviews.map((review) => (
            <li key={review._id} className="py-2">
              <p className="font-medium text-stone-900">
                {review.title} · {review.rating} of 5
              </p>
              <p className="text-sm text-stone-700">{review.text}</p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
