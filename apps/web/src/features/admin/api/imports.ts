import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportJob } from '@ebook/shared';
import { ApiError, api, buildUrl } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface StartImportInput {
  file: File;
  defaultPrice: string;
  /** Calibre: the custom column holding the price. */
  priceColumn: string;
}

export const isZip = (file: File) => file.name.toLowerCase().endsWith('.zip') || file.type.includes('zip');

/**
 * POST /api/admin/imports: the file is the body (a CSV, or a zip of a calibre library); the preview
 * starts in the background and is polled with useImportJob.
 */
export async function startImport({ file, defaultPrice, priceColumn }: StartImportInput): Promise<ImportJob> {
  const query = { dryRun: 'true', defaultPrice: defaultPrice || '0', priceColumn };
  let response: Response;
  try {
    response = await fetch(buildUrl('/admin/imports', query), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': isZip(file) ? 'application/zip' : 'text/csv' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Please check your connection.');
  }
  const body = (await response.json().catch(() => ({}))) as ImportJob & { msg?: string; code?: string };
  if (!response.ok) {
    throw new ApiError(response.status, 'HTTP_ERROR', body.msg ?? `Request failed (${response.status})`);
  }
  return body;
}

/** GET /api/admin/imports/{id}, polled every second while the job runs. */
export function useImportJob(id: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.importJob(id ?? ''),
    queryFn: ({ signal }) => api.get<ImportJob>(`/admin/imports/${id}`, { signal }),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });
}

function useJobAction(action: (id: string) => Promise<ImportJob>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.admin.importJob(job.id), job);
      if (!job.dryRun) void queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
    },
  });
}

/** POST /api/admin/imports/{id}/commit: writes the previewed import. */
export const useCommitImport = () => useJobAction((id) => api.post<ImportJob>(`/admin/imports/${id}/commit`));

/** DELETE /api/admin/imports/{id}: cancels a running import, or drops a preview. */
export const useCancelImport = () => useJobAction((id) => api.delete<ImportJob>(`/admin/imports/${id}`));

export const catalogueExportUrl = buildUrl('/admin/exports/books.csv');
