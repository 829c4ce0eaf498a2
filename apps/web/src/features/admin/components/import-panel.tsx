/**
 * The admin's Import screen: choose a CSV or a zip of a calibre library, see its preview (what would
 * be created, updated and skipped, and why), confirm, watch the progress bar, cancel; then the summary.
 */
import { useState, type FormEvent } from 'react';
import type { ImportJob, ImportSummary } from '@ebook/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useMutation } from '@tanstack/react-query';
import { isZip, startImport, useCancelImport, useCommitImport, useImportJob } from '../api/imports';

const STATE_TEXT: Record<ImportJob['state'], string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function Progress({ job }: { job: ImportJob }) {
  const total = job.total ?? 0;
  const share = total > 0 ? Math.min(1, job.done / total) : 0;
  const label = job.dryRun ? 'Preview progress' : 'Import progress';
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total || undefined}
        aria-valuenow={total ? job.done : undefined}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="text-sm text-stone-600">
        {job.done} of {job.total ?? '…'} {job.source === 'calibre' ? 'books' : 'rows'}
      </p>
    </div>
  );
}

function SummaryTable({ summary }: { summary: ImportSummary }) {
  const verb = summary.dryRun ? 'Will be' : 'Were';
  const rows: [string, number][] = [
    [`${verb} created`, summary.created],
    [`${verb} updated`, summary.updated],
    ['Unchanged', summary.unchanged],
    ['Skipped', summary.skipped],
    ['Need a file (not listed until completed)', summary.needsFile],
  ];
  return (
    <dl data-testid="import-summary" className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-5">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-stone-200 bg-white p-3">
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className="text-2xl font-bold text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Skipped({ summary }: { summary: ImportSummary }) {
  const files = summary.skippedFiles ?? [];
  if (summary.skippedRows.length === 0 && files.length === 0) return null;
  return (
    <div className="space-y-3">
      {summary.skippedRows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left font-semibold text-stone-800">Skipped, and why</caption>
            <thead>
              <tr className="text-stone-600">
                <th scope="col" className="py-1 pr-3">
                  {summary.skippedFiles ? 'Book' : 'Row'}
                </th>
                <th scope="col" className="py-1 pr-3">
                  Title
                </th>
                <th scope="col" className="py-1">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.skippedRows.map((row) => (
                <tr key={`${row.row}-${row.reason}`} className="border-t border-stone-200">
                  <td className="py-1 pr-3">{row.row}</td>
                  <td className="py-1 pr-3 break-words">{row.title || '—'}</td>
                  <td className="py-1">{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {files.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left font-semibold text-stone-800">Files left out, and why</caption>
            <thead>
              <tr className="text-stone-600">
                <th scope="col" className="py-1 pr-3">
                  Book
                </th>
                <th scope="col" className="py-1 pr-3">
                  File
                </th>
                <th scope="col" className="py-1">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={`${file.row}-${file.file}`} className="border-t border-stone-200">
                  <td className="py-1 pr-3 break-words">{file.title}</td>
                  <td className="py-1 pr-3 break-all">{file.file}</td>
                  <td className="py-1">{file.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [defaultPrice, setDefaultPrice] = useState('0');
  const [priceColumn, setPriceColumn] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({ mutationFn: startImport, onSuccess: (job) => setJobId(job.id) });
  const job = useImportJob(jobId).data;
  const commit = useCommitImport();
  const cancel = useCancelImport();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) start.mutate({ file, defaultPrice, priceColumn: isZip(file) ? priceColumn : '' });
  };
  const reset = () => {
    setJobId(null);
    setFile(null);
    start.reset();
  };
  const error = start.error?.message ?? commit.error?.message ?? cancel.error?.message;

  return (
    <div className="space-y-6">
      {!jobId && (
        <form onSubmit={submit} className="max-w-xl space-y-4 rounded-xl border border-stone-200 bg-white p-5">
          <FormField
            label="Catalogue file (CSV, or a zip of a calibre library)"
            type="file"
            accept=".csv,.zip,text/csv,application/zip"
            required
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            hint="Nothing is written until you confirm the preview."
          />
          <FormField
            label="Price of books without one"
            inputMode="decimal"
            value={defaultPrice}
            onChange={(event) => setDefaultPrice(event.currentTarget.value)}
            hint="0 makes them free."
          />
          {file && isZip(file) && (
            <FormField
              label="Calibre column holding the price (optional)"
              value={priceColumn}
              placeholder="#price"
              onChange={(event) => setPriceColumn(event.currentTarget.value)}
            />
          )}
          <Button type="submit" loading={start.isPending} disabled={!file}>
            Preview import
          </Button>
        </form>
      )}

      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}

      {job && (
        <section
          aria-labelledby="import-job-title"
          className="space-y-4 rounded-xl border border-stone-200 bg-stone-50 p-5"
        >
          <h2 id="import-job-title" className="text-xl font-semibold text-stone-900">
            {job.dryRun ? 'Preview' : 'Import'}: <span data-testid="import-state">{STATE_TEXT[job.state]}</span>
          </h2>
          <div aria-live="polite">
            <Progress job={job} />
          </div>
          {job.error && (
            <p role="alert" className="text-sm text-red-800">
              {job.error}
            </p>
          )}
          <SummaryTable summary={job.summary} />
          <Skipped summary={job.summary} />
          <div className="flex flex-wrap gap-3">
            {job.state === 'done' && job.dryRun && (
              <Button onClick={() => commit.mutate(job.id)} loading={commit.isPending}>
                Confirm import
              </Button>
            )}
            {(job.state === 'running' || (job.state === 'done' && job.dryRun)) && (
              <Button variant="danger-outline" onClick={() => cancel.mutate(job.id)} loading={cancel.isPending}>
                Cancel
              </Button>
            )}
            {job.state !== 'running' && !(job.state === 'done' && job.dryRun) && (
              <Button variant="secondary" onClick={reset}>
                Import another file
              </Button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
