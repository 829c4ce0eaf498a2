import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@ebook/shared';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSuggestions } from '../api/get-suggestions';

/** Suggestions follow the typing faster than the full search. */
const SUGGEST_DEBOUNCE_MS = 150;

/**
 * The library's search box, a WAI-ARIA combobox: as the reader types, up to five books are suggested
 * (small cover, title, author). ArrowDown and ArrowUp move through them, Enter opens the highlighted
 * book (or searches at once when none is), Escape closes the list. The full search is unchanged: what
 * is typed is sent 300 ms after typing stops; a change of the address from elsewhere (back button, a
 * shared link) refills the box, but the address catching up with an earlier search never overwrites
 * what the user has typed since.
 */
export function LibrarySearch({
  value,
  onSearch,
  onOpenBook,
}: {
  value: string;
  onSearch: (q: string) => void;
  onOpenBook: (id: string) => void;
}) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const forSuggestions = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(open ? forSuggestions : '');
  const books = (forSuggestions && suggestions.data) || [];
  const expanded = open && books.length > 0;
  // The highlighted book is followed by id, not by place: an answer that arrives late for the same
  // text keeps it highlighted, and a list without it highlights nothing.
  const active = activeId === null ? -1 : books.findIndex((book) => book._id === activeId);

  // The last query this box sent (or was given), so the address catching up with our own search
  // is told apart from an outside change (back button, Clear, a link), which refills the box.
  const sent = useRef(value);

  // Set once a book is chosen, until the next keystroke: its page may still be loading (the router waits
  // for the page's code), and a search settling meanwhile would navigate again and cancel the way to it.
  const leaving = useRef(false);

  const search = (q: string) => {
    if (leaving.current || q === value) return;
    sent.current = q;
    onSearch(q);
  };

  useEffect(() => {
    search(debounced.trim());
    // Only a settled change of the text searches; `value` catching up must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };

  const openBook = (bookId: string) => {
    leaving.current = true;
    close();
    onOpenBook(bookId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (books.length > 0) setActiveId(books[(active + 1) % books.length]!._id);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (books.length > 0) setActiveId(books[active <= 0 ? books.length - 1 : active - 1]!._id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const book = expanded && active >= 0 ? books[active] : undefined;
      if (book) openBook(book._id);
      else {
        close();
        search(text.trim());
      }
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search books by title
      </label>
      <svg
        viewBox="0 0 24 24"
        className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          leaving.current = false; // typing again, before the book's page came, is searching again
          setText(event.target.value);
          setOpen(true);
          setActiveId(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder="Search books…"
        maxLength={200}
        className="w-full rounded-xl border border-stone-300 bg-white py-3 pl-10 pr-3 text-stone-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested books"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
      >
        {books.map((book, index) => (
          <li
            key={book._id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input keeps its focus (its blur would close the list first).
            onMouseDown={(event) => {
              event.preventDefault();
              openBook(book._id);
            }}
            onMouseMove={() => setActiveId(book._id)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === active ? 'bg-brand-50' : ''}`}
          >
            {book.thumbnail ? (
              <img src={book.thumbnail} alt="" className="h-12 w-8 flex-none rounded object-cover" loading="lazy" />
            ) : (
              <span className="h-12 w-8 flex-none rounded bg-stone-200" aria-hidden />
            )}
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-stone-900">{book.title}</span>
              <span className="block truncate text-xs text-stone-600">{book.author}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
