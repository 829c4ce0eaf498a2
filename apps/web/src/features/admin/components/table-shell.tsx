import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** A card around a data table, with its loading, error and empty states. */
export function TableShell({
  caption,
  headers,
  loading,
  error,
  empty,
  emptyText,
  children,
  stacked = false,
  updating = false,
}: {
  caption: string;
  headers: string[];
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
  /** Below 640 px each row becomes a card (its cells carry `data-label`). */
  stacked?: boolean;
  /** The rows are the previous answer while a new one (another search, filter or page) loads: they are
   * dimmed, and the table says it is busy. */
  updating?: boolean;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      {loading ? (
        <Spinner label={`Loading ${caption.toLowerCase()}`} className="justify-center py-12" />
      ) : error ? (
        <p role="alert" className="p-6 text-center text-red-700">
          Could not load {caption.toLowerCase()}. Please try again.
        </p>
      ) : empty ? (
        <p className="p-10 text-center text-stone-500">{emptyText}</p>
      ) : (
        // A table wider than a phone scrolls sideways: the keyboard must reach it too (a labelled,
        // focusable region), not only a finger.
        <div
          role="region"
          aria-label={caption}
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <table
            aria-busy={updating || undefined}
            className={`w-full min-w-[36rem] text-left text-sm ${stacked ? 'stack-table' : ''}`}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col" className="px-4 py-3 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={`divide-y divide-stone-100 ${updating ? 'opacity-60' : ''}`}>{children}</tbody>
          </table>
        </div>
      )}
    </div>
  );
}
