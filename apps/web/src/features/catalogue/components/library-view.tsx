import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGE_SIZE } from '@ebook/shared';
import { paths } from '@/config/paths';
import { Pagination } from '@/components/ui/pagination';
import { useBooks } from '../api/get-books';
import { useLibraryParams } from '../hooks/use-library-params';
import type { BookCardSlots } from './book-card';
import { BookGrid } from './book-grid';
import { LibraryFilters } from './library-filters';
import { LibrarySearch } from './library-search';
import { LibrarySortSelect } from './library-sort';

/** The library: search, filters and a page of 9 books, all kept in the address. */
export function LibraryView(slots: BookCardSlots) {
  const { params, update } = useLibraryParams();
  const navigate = useNavigate();
  const books = useBooks({
    page: params.page,
    limit: PAGE_SIZE.library,
    q: params.q || undefined,
    category: params.category || undefined,
    type: params.type,
    sort: params.sort || undefined,
  });
  const total = books.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE.library));

  // A link to a page past the end (the catalogue shrank) lands on the last page instead.
  useEffect(() => {
    if (books.data && !books.isPlaceholderData && total > 0 && params.page > pageCount) {
      update({ page: pageCount }, { replace: true });
    }
  }, [books.data, books.isPlaceholderData, total, params.page, pageCount, update]);

  const goToPage = (page: number) => {
    update({ page });
    document.getElementById('library-results')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
      <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
        <LibrarySearch
          value={params.q}
          onSearch={(q) => update({ q }, { replace: true })}
          onOpenBook={(id) => navigate(paths.book(id))}
        />
        <LibraryFilters
          type={params.type}
          category={params.category}
          categories={books.data?.categories ?? []}
          loading={!books.data && !books.isError}
          onType={(type) => update({ type })}
          onCategory={(category) => update({ category })}
          onClear={() => update({ category: '', type: 'all' })}
        />
      </aside>
      <div id="library-results" className="scroll-mt-24 space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-600" aria-live="polite">
            {books.data
              ? `${total} ${total === 1 ? 'book' : 'books'}${params.q ? ` for “${params.q}”` : ''}`
              : books.isError
                ? ''
                : 'Loading books…'}
          </p>
          <LibrarySortSelect value={params.sort} searching={Boolean(params.q)} onSort={(sort) => update({ sort })} />
        </div>
        {books.isError && !books.data ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center text-red-800">
            <p>The books could not be loaded.</p>
            <button
              type="button"
              onClick={() => void books.refetch()}
              className="mt-4 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-red-800 shadow-sm hover:bg-red-100"
            >
              Try again
            </button>
          </div>
        ) : (
          <div
            className={books.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
            aria-busy={books.isFetching}
          >
            <BookGrid
              books={books.data?.books}
              loading={books.isPending}
              skeletons={PAGE_SIZE.library}
              emptyText="No books found for your filter."
              {...slots}
            />
          </div>
        )}
        <Pagination
          page={Math.min(params.page, pageCount)}
          pageCount={pageCount}
          onPageChange={goToPage}
          label="Library pages"
        />
      </div>
    </div>
  );
}
