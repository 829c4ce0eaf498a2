import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LibrarySearch } from './library-search';

/** Like the library: the address (value) follows a search a little later, as a router navigation does. */
function Harness({ onSearch, initial = '' }: { onSearch: (q: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LibrarySearch
        value={value}
        onSearch={(q) => {
          onSearch(q);
          setTimeout(() => setValue(q), 50);
        }}
      />
      <button type="button" onClick={() => setValue('from a link')}>
        Outside change
      </button>
    </>
  );
}

/** Types one character at a time, `delay` ms apart, as a person would. */
function typeInto(box: HTMLElement, text: string, delay = 50) {
  for (const char of text) {
    fireEvent.change(box, { target: { value: (box as HTMLInputElement).value + char } });
    act(() => void vi.advanceTimersByTime(delay));
  }
}

describe('LibrarySearch', () => {
  beforeEach(() => vi.useFakeTimers());
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
