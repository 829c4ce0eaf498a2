/**
 * The overview's bell: a badge with the number of recent member submissions, and a 'Notifications'
 * dropdown listing them (title, author, submitter, status, relative time). Closes on Esc, on a click
 * outside, and when focus leaves it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '../api/get-notifications';
import { formatRelativeTime } from '../lib/relative-time';
import { Icon } from './admin-icons';
import { StatusBadge } from './status-badge';

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const notifications = useNotifications();
  const count = notifications.data?.length ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const now = new Date();

  return (
    <div
      ref={container}
      className="relative"
      onBlur={(event) => {
        if (open && !container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={`Notifications (${count})`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-700 shadow-sm hover:bg-brand-50"
      >
        <Icon name="bell" className="h-5 w-5" />
        {count > 0 && (
          <span
            data-testid="notification-count"
            aria-hidden
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-labelledby={headingId}
          className="absolute right-0 z-20 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xl"
        >
          <h2
            id={headingId}
            className="border-b border-stone-100 px-4 py-3 font-serif text-lg font-bold text-stone-900"
          >
            Notifications
          </h2>
          {notifications.isPending ? (
            <Spinner label="Loading notifications" className="justify-center py-6" />
          ) : count === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-stone-500">No notifications yet</p>
          ) : (
            <ul
              className="max-h-96 divide-y divide-stone-100 overflow-y-auto"
              tabIndex={0}
              aria-label="Recent submissions"
            >
              {notifications.data?.map((entry) => (
                <li key={entry._id} className="px-4 py-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-medium text-stone-900">{entry.title}</p>
                    <StatusBadge status={entry.status} />
                  </div>
                  <p className="text-stone-600">by {entry.author}</p>
                  <p className="mt-1 flex justify-between gap-2 text-xs text-stone-500">
                    <span>Added by {entry.memberName}</span>
                    <time dateTime={entry.createdAt}>{formatRelativeTime(entry.createdAt, now)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
