/**
 * The header's bell, on every page for a signed-in member or admin: the unread count on the button and a
 * 'Notifications' dropdown of real events, newest first, each with its relative time, a link to what
 * it is about, and mark-as-read; 'Mark all as read' on top. Closes on Esc (focus back on the bell),
 * on a click outside, and when focus leaves it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { formatRelativeTime } from '@/lib/relative-time';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications';

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const query = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unread ?? 0;
  const entries = query.data?.notifications ?? [];

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
        if (open && !container.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={`Notifications (${unread})`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-700 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="notification-count"
            aria-hidden
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-labelledby={headingId}
          className="absolute right-0 z-20 mt-2 w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-stone-100 px-4 py-3">
            <h2 id={headingId} className="font-serif text-lg font-bold text-stone-900">
              Notifications
            </h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markAll.mutate()}
                disabled={markAll.isPending}
                className="text-sm font-medium text-brand-700 hover:underline disabled:opacity-60"
              >
                Mark all as read
              </button>
            )}
          </div>
          {query.isPending ? (
            <Spinner label="Loading notifications" className="justify-center py-6" />
          ) : entries.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-stone-600">No notifications yet</p>
          ) : (
            <ul className="max-h-96 divide-y divide-stone-100 overflow-y-auto" aria-label="Notifications, newest first">
              {entries.map((entry) => (
                <li
                  key={entry._id}
                  className={`px-4 py-3 text-sm ${entry.read ? 'bg-white' : 'bg-brand-50'}`}
                  data-read={entry.read}
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold text-stone-900">
                      {!entry.read && <span className="sr-only">Unread: </span>}
                      {entry.link ? (
                        <Link
                          to={entry.link}
                          className="hover:underline"
                          onClick={() => {
                            if (!entry.read) markRead.mutate(entry._id);
                            setOpen(false);
                          }}
                        >
                          {entry.title}
                        </Link>
                      ) : (
                        entry.title
                      )}
                    </p>
                    <time dateTime={entry.createdAt} className="shrink-0 text-xs text-stone-600">
                      {formatRelativeTime(entry.createdAt, now)}
                    </time>
                  </div>
                  <p className="mt-0.5 text-stone-700">{entry.body}</p>
                  {!entry.read && (
                    <button
                      type="button"
                      onClick={() => markRead.mutate(entry._id)}
                      className="mt-1 text-xs font-medium text-brand-700 hover:underline"
                    >
                      Mark as read
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
