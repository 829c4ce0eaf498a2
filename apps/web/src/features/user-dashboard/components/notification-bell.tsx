import { useEffect, useId, useRef, useState } from 'react';

/** The three fixed notifications of the specification. */
const NOTIFICATIONS = [
  { id: 'approved', text: 'Your book has been approved and added to the library.' },
  { id: 'new-book', text: 'A new book is available in the library.' },
  { id: 'order', text: 'Your order has been placed successfully.' },
] as const;

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label={`Notifications (${NOTIFICATIONS.length})`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="relative rounded-full bg-white p-2.5 text-stone-700 shadow-sm ring-1 ring-stone-200 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        <span className="absolute -top-1 -right-1 flex h-5 w-5 items-center justify-center rounded-full bg-red-600 text-xs font-bold text-white">
          {NOTIFICATIONS.length}
        </span>
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 z-20 mt-2 w-72 rounded-xl bg-white p-2 shadow-lg ring-1 ring-stone-200"
        >
          <ul>
            {NOTIFICATIONS.map((notification) => (
              <li key={notification.id} className="rounded-lg px-3 py-2 text-sm text-stone-700 hover:bg-stone-50">
                {notification.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
