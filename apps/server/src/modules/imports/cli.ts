/**
 * `npm run import -- <file.csv> [--dry-run] [--default-price 4.99] [--map column=field ...] [--no-header]`
 * with the store's own configuration (DATA_DIR or DATABASE_URL, as `npm start` reads them).
 *
 * It writes to the database directly. On the embedded database the store must be stopped first (its
 * data directory belongs to one process: the command refuses while the store holds it). On PostgreSQL
 * it runs beside the store, whose catalogue pages show the imported books within seconds.
 */
import { createReadStream, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CATALOGUE_CSV_COLUMNS, parsePriceToCents, type ImportSummary } from '@ebook/shared';
import { ConfigError, loadConfig } from '../../config/index.js';
import { openConfiguredDatabase } from '../../db/open-configured.js';
import { fileStoreFromConfig } from '../../lib/file-store-from-config.js';
import { AppError } from '../../lib/errors.js';
import { readCatalogueCsv } from './catalogue-csv.js';
import { importCatalogue } from './import.service.js';

const usage = `usage: npm run import -- <file.csv> [--dry-run] [--default-price 4.99] [--map column=field ...] [--no-header]
  fields: ${CATALOGUE_CSV_COLUMNS.join(', ')} (docs/import.md)`;

/** A bar on a terminal, a line per tenth otherwise (logs). */
function progressBar(totalBytes: number) {
  const tty = process.stderr.isTTY;
  let shownTenth = -1;
  return (bytes: number, rows: number) => {
    const share = totalBytes > 0 ? Math.min(1, bytes / totalBytes) : 1;
    if (tty) {
      const width = 30;
      const done = Math.round(share * width);
      process.stderr.write(
        `\r[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${(share * 100).toFixed(0).padStart(3)}% ${rows} rows`,
      );
    } else if (Math.floor(share * 10) > shownTenth) {
      shownTenth = Math.floor(share * 10);
      process.stderr.write(`${shownTenth * 10}% (${rows} rows)\n`);
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
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      'default-price': { type: 'string', default: '0' },
      map: { type: 'string', multiple: true, default: [] },
      'no-header': { type: 'boolean', default: false },
    },
  });
  const [source] = positionals;
  if (!source || positionals.length > 1) {
    console.error(usage);
    return 2;
  }
  if (!source.toLowerCase().endsWith('.csv')) {
    console.error(`${source}: give a .csv file (see docs/import.md).\n${usage}`);
    return 2;
  }
  const defaultPriceCents = parsePriceToCents(values['default-price']);
  if (defaultPriceCents === null) {
    console.error('--default-price must be a number, or free');
    return 2;
  }
  const totalBytes = statSync(source).size;
  // Importing takes no payments: the production guard on the simulated gateway does not apply.
  const config = loadConfig({ ...process.env, ALLOW_SIMULATED_PAYMENTS: 'true' });
  const fileStore = fileStoreFromConfig(config);
  const database = await openConfiguredDatabase({ config, fileStore, poolSize: 2, log: console.log });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  console.log(`${values['dry-run'] ? 'Previewing' : 'Importing'} ${source} into ${where}`);
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
