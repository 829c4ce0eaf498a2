/**
 * The admin's Messages screen: the contact form's messages, newest first, unread ones marked, with
 * Mark as read and Delete (after a confirmation), and page buttons.
 */
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { confirmAction, showError, showSuccess } from '@/lib/alerts';
import { MESSAGES_PER_PAGE, useContactMessages, useDeleteMessage, useMarkMessageRead } from '../api/contact-messages';
import { formatRelativeTime } from '@/lib/relative-time';
import { Icon } from '@/components/ui/icon';
import { Pagination } from '@/components/ui/pagination';
import { pageWindow } from '../lib/page-window';
import { Button } from '@/components/ui/button';

export function MessagesList() {
  const [page, setPage] = useState(1);
  const query = useContactMessages(page);
  const markRead = useMarkMessageRead();
  const remove = useDeleteMessage();
  const now = new Date();

  const onDelete = async (id: string, subject: string) => {
    const confirmed = await confirmAction({
      title: 'Are you sure?',
      text: `This will delete the message "${subject}".`,
    });
    if (!confirmed) return;
    remove.mutate(id, {
      onSuccess: () => void showSuccess('Deleted!', 'Message has been removed.'),
      onError: () => void showError('Error!', 'Failed to delete the message.'),
    });
  };

  if (query.isPending) return <Spinner label="Loading messages" className="justify-center py-10" />;
  if (query.isError) return <p className="text-stone-700">The messages could not be loaded.</p>;
  const { messages, total, unread } = query.data;

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700" data-testid="messages-summary">
        {total} {total === 1 ? 'message' : 'messages'}, {unread} unread
      </p>
      {messages.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">No messages yet.</p>
      ) : (
        <ul className="space-y-3">
          {messages.map((message) => (
            <li
              key={message._id}
              aria-label={`${message.read ? '' : 'Unread: '}${message.subject}`}
              className={`rounded-xl border p-4 shadow-sm ${
                message.read ? 'border-stone-200 bg-white' : 'border-brand-500 bg-brand-50'
              }`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold text-stone-900">
                    {!message.read && (
                      <span className="mr-2 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">New</span>
                    )}
                    {message.subject}
                  </h2>
                  <p className="text-sm text-stone-700">
                    {message.name} ·{' '}
                    <a href={`mailto:${message.email}`} className="text-brand-700 hover:underline">
                      {message.email}
                    </a>
                  </p>
                </div>
                <time dateTime={message.createdAt} className="text-xs text-stone-600">
                  {formatRelativeTime(message.createdAt, now)}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-wrap break-words text-stone-800">{message.message}</p>
              <div className="mt-3 flex gap-2">
                {!message.read && (
                  <Button variant="secondary" size="sm" onClick={() => markRead.mutate(message._id)}>
                    <Icon name="check" className="h-4 w-4" />
                    Mark as read
                  </Button>
                )}
                <Button
                  variant="danger-outline"
                  size="sm"
                  onClick={() => void onDelete(message._id, message.subject)}
                  aria-label={`Delete the message ${message.subject}`}
                >
                  <Icon name="trash" className="h-4 w-4" />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil(total / MESSAGES_PER_PAGE)}
        onPageChange={setPage}
        label="Message pages"
        showPreviousNext={false}
        items={pageWindow}
        size="sm"
        className="mt-4"
      />
    </div>
  );
}
