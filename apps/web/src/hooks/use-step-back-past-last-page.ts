import { useEffect } from 'react';

/**
 * Keeps a server-paged list on a page that exists: after deleting the last row of the last page,
 * step back to the new last page. Waits while the total is unknown.
 */
export function useStepBackPastLastPage(
  page: number,
  setPage: (page: number) => void,
  total: number | undefined,
  pageSize: number,
): void {
  useEffect(() => {
    if (total === undefined) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) setPage(lastPage);
  }, [page, setPage, total, pageSize]);
}
