import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookSuggestion } from '@ebook/shared';
import { renderWithProviders } from '@/test/render';
import { json, stubServer } from '@/test/server';
import { LibrarySearch } from './library-search';

const SUGGESTED: BookSuggestion[] = [
  { _id: 'b1', title: 'Cold Comfort Farm', author: 'Stella Gibbons', thumbnail: '/api/books/b1/cover?size=card&v=1' },
  { _id: 'b2', title: 'Cold Mountain', author: 'Charles Frazier', thumbnail: null },
];

/** The server's suggestions (the network is the only thing replaced): every text gets SUGGESTED. */
function serverSuggesting() {
  const asked: string[] = [];
  stubServer((url) => {
    asked.push(new URL(url, 'http://store').searchParams.get('q') ?? '');
    return json({ books: SUGGESTED });
  });
  return asked;
}

/** Like the library: the address (value) follows a search a little later, as a router navigation does. */
function Harness({
  onSearch,
  onOpenBook = () => {},
  initial = '',
  followAfterMs = 50,
}: {
  onSearch: (q: string) => void;
  onOpenBook?: (id: string) => void;
  initial?: string;
  /** 0: the address follows at once, so a search already sent is never sent twice. */
  followAfterMs?: number;
}) {
  const [value, setValue] = useState(initial);
  const following = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A navigation still on its way when the test ends goes with the page.
  useEffect(() => () => clearTimeout(following.current), []);
  return (
    <>
      <LibrarySearch
        value={value}
        onSearch={(q) => {
          onSearch(q);
          if (followAfterMs === 0) setValue(q);
          else following.current = setTimeout(() => setValue(q), followAfterMs);
        }}
        onOpenBook={onOpenBook}
      />
      <button type="button" onClick={() => setValue('from a link')}>
        Outside change
      </button>
    </>
  );
}

const render = (ui: ReactElement) => renderWithProviders(ui, { router: false });

/** Types one character at a time, `delay` ms apart, as a person would. */
function typeInto(box: HTMLElement, text: string, delay = 50) {
  for (const char of text) {
    fireEvent.change(box, { target: { value: (box as HTMLInputElement).value + char } });
    act(() => void vi.advanceTimersByTime(delay));
  }
}

describe('LibrarySearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    serverSuggesting();
  });
  afterEach(() => vi.useRealTimers());

  it('searches once, 300 ms after typing stops', () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    typeInto(screen.getByLabelText('Search books by title'), 'moby');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(300));
    expect(onSearch.mock.calls).toEqual([['moby']]);
  });

  it('keeps what was typed while the address catches up with an earlier search', () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByLabelText('Search books by title');
    typeInto(box, 'saffro');
    act(() => void vi.advanceTimersByTime(300)); // searches 'saffro'; the address follows 50 ms later
    typeInto(box, 'n', 10);
    act(() => void vi.advanceTimersByTime(60));
    expect(box).toHaveValue('saffron');
    act(() => void vi.advanceTimersByTime(300));
    expect(onSearch.mock.calls).toEqual([['saffro'], ['saffron']]);
  });

  it('refills the box when the address changes from elsewhere', () => {
    render(<Harness onSearch={() => {}} initial="moby" />);
    const box = screen.getByLabelText('Search books by title');
    expect(box).toHaveValue('moby');
    fireEvent.click(screen.getByRole('button', { name: 'Outside change' }));
    expect(box).toHaveValue('from a link');
  });
});

describe('LibrarySearch suggestions (a WAI-ARIA combobox)', () => {
  async function typeAndWait(text: string) {
    const box = screen.getByRole('combobox', { name: 'Search books by title' });
    box.focus();
    fireEvent.change(box, { target: { value: text } });
    await screen.findByRole('option', { name: /Cold Comfort Farm/ });
    return box;
  }

  it('suggests books as the reader types, and the arrows move through them', async () => {
    const asked = serverSuggesting();
    render(<Harness onSearch={() => {}} />);
    const box = await typeAndWait('cold');
    expect(asked.at(-1)).toBe('cold');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Suggested books' });
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Cold Comfort FarmStella Gibbons',
      'Cold MountainCharles Frazier',
    ]);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const [first, second] = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', first!.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', second!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', first!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box).toHaveAttribute('aria-activedescendant', second!.id);
  });

  it('Enter opens the highlighted book', async () => {
    serverSuggesting();
    const onOpenBook = vi.fn();
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} onOpenBook={onOpenBook} />);
    const box = await typeAndWait('cold');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const searched = onSearch.mock.calls.length;
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onOpenBook.mock.calls).toEqual([['b2']]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // The book's page may still be loading: the search of what was typed, settling after the 300 ms,
    // must not navigate again (it would cancel the way to the book).
    await act(() => new Promise((settled) => setTimeout(settled, 400)));
    expect(onSearch).toHaveBeenCalledTimes(searched);
    // Typing again before the book's page came is a new search.
    fireEvent.change(box, { target: { value: 'cold war' } });
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('cold war'));
  });

  it('Enter with nothing highlighted searches at once; Escape closes the list', async () => {
    serverSuggesting();
    const onOpenBook = vi.fn();
    const onSearch = vi.fn();
    // On a busy machine the suggestions may come after the 300 ms search: the address then follows it
    // at once, as the test cannot tell which came first.
    render(<Harness onSearch={onSearch} onOpenBook={onOpenBook} followAfterMs={0} />);
    const box = await typeAndWait('cold');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch.mock.calls).toEqual([['cold']]);
    expect(onOpenBook).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(await screen.findByRole('listbox')).toBeVisible();
  });
});
