import { catalogueExportUrl } from '@/features/admin/api/imports';
import { ordersExportUrl } from '@/features/admin/api/get-orders';
import { ImportPanel } from '@/features/admin/components/import-panel';
import { Icon } from '@/components/ui/icon';

const LINK =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium text-stone-700 hover:bg-stone-50';

export default function AdminImportsRoute() {
  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Import & export</h1>
      <section aria-labelledby="import-title" className="space-y-3">
        <h2 id="import-title" className="text-xl font-semibold text-stone-900">
          Bring a catalogue in
        </h2>
        <p className="max-w-2xl text-stone-700">
          A spreadsheet (CSV, with the columns of the catalogue export) or a calibre library (zip the folder that holds
          metadata.db). Books without a file wait as “needs a file” until you add one.
        </p>
        <ImportPanel />
      </section>
      <section aria-labelledby="export-title" className="space-y-3">
        <h2 id="export-title" className="text-xl font-semibold text-stone-900">
          Take it out
        </h2>
        <div className="flex flex-wrap gap-3">
          <a href={catalogueExportUrl} download className={LINK}>
            <Icon name="download" /> Catalogue (CSV)
          </a>
          <a href={ordersExportUrl({})} download className={LINK}>
            <Icon name="download" /> Orders (CSV)
          </a>
        </div>
      </section>
    </div>
  );
}
