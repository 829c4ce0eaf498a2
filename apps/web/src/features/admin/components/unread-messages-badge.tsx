import { useContactMessages } from '../api/contact-messages';

/** The count of unread contact messages beside "Messages" (the sidebar, the phone menu); none at zero. */
export function UnreadMessagesBadge({ testId = 'unread-messages' }: { testId?: string }) {
  const unread = useContactMessages(1).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span data-testid={testId} className="rounded-full bg-red-700 px-2 text-xs font-bold text-white">
      <span className="sr-only"> unread: </span>
      {unread}
    </span>
  );
}
