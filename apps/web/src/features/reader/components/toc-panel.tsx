import type { ReactNode } from 'react';
import type { OutlineEntry } from '../lib/pdf';

/** The PDF's table of contents; choosing an entry goes to its page. */
export function TocPanel({
  outline,
  onGo,
  onClose,
}: {
  outline: OutlineEntry[];
  onGo: (page: number) => void;
  onClose: () => void;
}) {
  return (
    <ContentsDrawer onClose={onClose}>
      <Entries entries={outline} onGo={onGo} />
    </ContentsDrawer>
  );
}

/** The readers' table of contents drawer (a side panel on wide screens), around a reader's own entries. */
export function ContentsDrawer({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <nav
      aria-label="Table of contents"
      className="absolute inset-y-0 left-0 z-20 w-72 max-w-[85vw] overflow-y-auto border-r border-stone-200 bg-white p-4 shadow-xl md:static md:shadow-none"
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-serif text-lg font-semibold text-stone-900">Contents</h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded px-2 py-1 text-sm text-stone-600 hover:bg-stone-100"
          aria-label="Close the table of contents"
        >
          ✕
        </button>
      </div>
      {children}
    </nav>
  );
}

function Entries({ entries, onGo }: { entries: OutlineEntry[]; onGo: (page: number) => void }) {
  return (
    <ul className="space-y-1 text-sm">
      {entries.map((entry, index) => (
        <li key={`${entry.title}-${index}`}>
          <button
            type="button"
            disabled={entry.page === null}
            onClick={() => entry.page !== null && onGo(entry.page)}
            className="flex w-full justify-between gap-2 rounded px-2 py-1 text-left text-stone-800 hover:bg-brand-50 disabled:text-stone-400"
          >
            <span>{entry.title}</span>
            {entry.page !== null && <span className="text-stone-500">{entry.page}</span>}
          </button>
          {entry.items.length > 0 && (
            <div className="ml-3">
              <Entries entries={entry.items} onGo={onGo} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
