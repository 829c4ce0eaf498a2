import type { BookStatus } from '@ebook/shared';

const STYLES: Record<BookStatus, string> = {
  added: 'bg-sky-50 text-sky-800 ring-sky-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  unlisted: 'bg-stone-100 text-stone-700 ring-stone-300',
  incomplete: 'bg-violet-50 text-violet-800 ring-violet-200',
};

/** An imported book without its PDF or cover: not listed until the admin adds them (docs/import.md). */
const LABELS: Partial<Record<BookStatus, string>> = { incomplete: 'Needs a file' };

export function StatusBadge({ status }: { status: BookStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${LABELS[status] ? '' : 'capitalize'} ${STYLES[status]}`}
    >
      {LABELS[status] ?? status}
    </span>
  );
}
