/**
 * `npm run import -- <library folder or file.csv> [--dry-run] [--default-price 4.99] [--price-column price]
 * [--map column=field ...] [--no-header]` with the store's own configuration (DATA_DIR or DATABASE_URL,
 * FILE_STORE, as `npm start` reads them). A folder is a calibre library (metadata.db inside): its
 * files go through the store's document checks (the document pool, started here).
 *
 * It writes to the database directly. On the embedded database the store must be stopped first (its
 * data directory belongs to one process: the command refuses while the store holds it). On PostgreSQL
 * it runs beside the store, whose catalogue pages show the imported books within seconds.
 */
import { createReadStream, statSync } from 'node:fs';
import Fastify from 'fastify';
import { parseArgs } from 'node:util';
import { CATALOGUE_CSV_COLUMNS, parsePriceToCents, type ImportSummary } from '@ebook/shared';
import { ConfigError, loadConfig, type Config } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { openConfiguredDatabase } from '../../db/open-configured.js';
import type { FileStore } from '../../lib/file-store.js';
import { fileStoreFromConfig } from '../../lib/file-store-from-config.js';
import { importCalibreLibrary } from './calibre-import.js';
import { AppError } from '../../lib/errors.js';
import { readCatalogueCsv } from './catalogue-csv.js';
import { importCatalogue } from './import.service.js';
import { catalogueCachesPlugin } from '../books/index.js';
import { documentJobsPlugin } from '../files/index.js';

const usage = `usage: npm run import -- <calibre library folder | file.csv> [--dry-run] [--default-price 4.99]
    [--price-column price] [--map column=field ...] [--no-header]
  CSV fields: ${CATALOGUE_CSV_COLUMNS.join(', ')} (docs/import.md)`;

/** A bar on a terminal, a line per tenth otherwise (logs). */
function progressBar(total: number, unit = 'rows') {
  const tty = process.stderr.isTTY;
  let shownTenth = -1;
  return (done: number, rows: number) => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    if (tty) {
      const width = 30;
      const done = Math.round(share * width);
      process.stderr.write(
        `\r[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${(share * 100).toFixed(0).padStart(3)}% ${rows} ${unit}`,
      );
    } else if (Math.floor(share * 10) > shownTenth) {
      shownTenth = Math.floor(share * 10);
      process.stderr.write(`${shownTenth * 10}% (${rows} ${unit})\n`);
    }
  };
}

function printSummary(summary: ImportSummary) {
  const verb = summary.dryRun ? 'Would import (dry run, nothing written)' : 'Imported';
  console.log(
    `${verb}: ${summary.rows} rows; ${summary.created} created, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.skipped} skipped; ${summary.needsFile} need a file.`,
  );
  const listed = summary.skippedRows.slice(0, 50);
  for (const row of listed) console.log(`  skipped row ${row.row}${row.title ? ` "${row.title}"` : ''}: ${row.reason}`);
  if (summary.skipped > listed.length) console.log(`  … and ${summary.skipped - listed.length} more skipped rows`);
  const files = summary.skippedFiles ?? [];
  for (const file of files.slice(0, 50)) {
    console.log(`  file left out, book ${file.row} "${file.title}": ${file.file}: ${file.reason}`);
  }
  if (files.length > 50) console.log(`  … and ${files.length - 50} more files left out`);
}

/**
 * A calibre library: the store's file store and a document pool of this process's own (the same
 * checks as an upload to the running store).
 */
async function importLibrary(
  config: Config,
  database: Database,
  fileStore: FileStore,
  dir: string,
  options: { dryRun: boolean; defaultPriceCents: number; priceColumn?: string },
): Promise<ImportSummary> {
  const host = Fastify({ logger: false });
  host.decorate('config', config);
  host.decorate('db', database.db);
  host.decorate('fileStore', fileStore);
  await host.register(catalogueCachesPlugin);
  await host.register(documentJobsPlugin);
  await host.ready();
  let bar: ReturnType<typeof progressBar> = () => {};
  // A SIGINT or SIGTERM stops after the book being written (whole books only); run again to finish.
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const summary = await importCalibreLibrary(host, {
      dir,
      ...options,
      signal: controller.signal,
      onTotal: (total) => (bar = progressBar(total, 'books')),
      onProgress: (sofar) => bar(sofar.created + sofar.updated + sofar.unchanged + sofar.skipped, sofar.rows),
    });
    bar(1, summary.rows);
    process.stderr.write('\n');
    if (controller.signal.aborted) console.log('Stopped: run the same command again to finish.');
    return summary;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await host.close();
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      'default-price': { type: 'string', default: '0' },
      map: { type: 'string', multiple: true, default: [] },
      'no-header': { type: 'boolean', default: false },
      'price-column': { type: 'string' },
    },
  });
  const [source] = positionals;
  if (!source || positionals.length > 1) {
    console.error(usage);
    return 2;
  }
  const isLibrary = statSync(source, { throwIfNoEntry: false })?.isDirectory() ?? false;
  if (!isLibrary && !source.toLowerCase().endsWith('.csv')) {
    console.error(`${source}: give a calibre library folder or a .csv file (see docs/import.md).\n${usage}`);
    return 2;
  }
  const defaultPriceCents = parsePriceToCents(values['default-price']);
  if (defaultPriceCents === null) {
    console.error('--default-price must be a number, or free');
    return 2;
  }
  // Importing takes no payments: the production guard on the simulated gateway does not apply.
  const config = loadConfig({ ...process.env, ALLOW_SIMULATED_PAYMENTS: 'true' });
  const fileStore = fileStoreFromConfig(config);
  const database = await openConfiguredDatabase({ config, fileStore, poolSize: 2, log: console.log });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  console.log(`${values['dry-run'] ? 'Previewing' : 'Importing'} ${source} into ${where}`);
  if (isLibrary) {
    try {
      const summary = await importLibrary(config, database, fileStore, source, {
        dryRun: values['dry-run'],
        defaultPriceCents,
        priceColumn: values['price-column'],
      });
      printSummary(summary);
      return 0;
    } finally {
      fileStore.close?.();
      await database.close();
    }
  }
  const totalBytes = statSync(source).size;
  const bar = progressBar(totalBytes);
  let bytesRead = 0;
  try {
    const rows = readCatalogueCsv(createReadStream(source), {
      header: !values['no-header'],
      map: values.map,
      onBytes: (bytes) => (bytesRead = bytes),
    });
    const summary = await importCatalogue({ db: database.db, caches: { clear() {} } }, rows, {
      dryRun: values['dry-run'],
      defaultPriceCents,
      onProgress: (sofar) => bar(bytesRead, sofar.rows),
    });
    bar(totalBytes, summary.rows);
    process.stderr.write('\n');
    printSummary(summary);
    return 0;
  } finally {
    fileStore.close?.();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AppError || error instanceof ConfigError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
