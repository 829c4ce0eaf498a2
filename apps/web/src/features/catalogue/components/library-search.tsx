import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@ebook/shared';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/**
 * The library's search box. What is typed is sent 300 ms after typing stops; a change of the
 * address from elsewhere (back button, a shared link) refills the box, but the address catching up
 * with an earlier search never overwrites what the user has typed since.
 */
export function LibrarySearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  // The last query this box sent (or was given), so the address catching up with our own search
  // is told apart from an outside change (back button, Clear, a link), which refills the box.
  const sent = useRef(value);

  useEffect(() => {
    const q = debounced.trim();
    if (q === value) return;
    sent.current = q;
    onSearch(q);
    // Only a settled change of the text searches; `value` catching up must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

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
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search books…"
        maxLength={200}
        className="w-full rounded-xl border border-stone-300 bg-white py-3 pl-10 pr-3 text-stone-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      />
    </div>
  );
}
