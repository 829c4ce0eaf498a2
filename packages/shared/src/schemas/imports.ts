import { z } from 'zod';

/**
 * The catalogue CSV template (docs/import.md): the columns an import reads and an export writes, in
 * this order. `id` is the book's import key (a calibre uuid, or the store's own id on export), so an
 * export imported into another store and exported again gives the same file.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'id',
  'title',
  'author',
  'category',
  'price',
  'isbn',
  'tags',
  'language',
  'publish_year',
  'pages',
  'description',
  'story',
] as const;
export type CatalogueField = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Why an import leaves a row out (one reason per skipped row). */
export const IMPORT_SKIP_REASONS = {
  noTitle: 'No title',
  titleTooLong: 'Title longer than 300 characters',
  badPrice: 'Price is not a number or Free',
  badNumber: 'Publish year or pages is not a whole number',
  badText: 'Contains a character that is not allowed (NUL)',
  duplicateId: 'Same id as an earlier row',
  duplicateIsbn: 'Duplicate ISBN (an earlier row has it)',
  duplicateTitle: 'Same title and author as an earlier row',
  /** A calibre format other than PDF and EPUB (the store sells those two). */
  otherFormat: 'Only PDF and EPUB are imported',
  missingFile: 'The file is missing from the library folder',
} as const;

/**
 * A column mapping entry, `column=field`: the column by its header name or its number (1 = first),
 * the field one of CATALOGUE_CSV_COLUMNS. `4=title`, `Book Name=title`.
 */
export const importMappingEntrySchema = z
  .string()
  .trim()
  .regex(/^.+=.+$/, 'A mapping is column=field, for example 4=title')
  .refine((entry) => (CATALOGUE_CSV_COLUMNS as readonly string[]).includes(entry.slice(entry.lastIndexOf('=') + 1)), {
    message: `The field after = must be one of: ${CATALOGUE_CSV_COLUMNS.join(', ')}`,
  });

const booleanFlag = z.preprocess(
  (value) => (value === 'false' || value === '0' ? false : value === '' ? true : value),
  z.coerce.boolean(),
);

/** Query of POST /api/admin/imports/csv (the body is the CSV file, text/csv). */
export const csvImportQuerySchema = z.object({
  /** true: only the preview, nothing written. */
  dryRun: booleanFlag.default(true),
  /** false: the file has no header row (map the columns by number then). */
  header: booleanFlag.default(true),
  /** Price for rows without one, e.g. 4.99 (0 = free). */
  defaultPrice: z.string().trim().max(20).default('0'),
  map: z.preprocess(
    (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
    z.array(importMappingEntrySchema).max(CATALOGUE_CSV_COLUMNS.length),
  ),
});
export type CsvImportQuery = z.infer<typeof csvImportQuerySchema>;

export const importSkippedRowSchema = z.object({
  /** The row's line in the file (1 = first line, the header if any). */
  row: z.number().int(),
  title: z.string(),
  reason: z.string(),
});
export type ImportSkippedRow = z.infer<typeof importSkippedRowSchema>;

/** What an import did (or, dry, would do). */
export const importSummarySchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Books created or updated that have no PDF or cover yet ("needs a file": not listed until added). */
  needsFile: z.number().int(),
  /** The skipped rows with their reasons (the first 1,000). */
  skippedRows: z.array(importSkippedRowSchema),
  /**
   * Files of a calibre library left out, with the reason (the first 1,000): formats other than PDF and
   * EPUB, files missing from the folder, and files the document checks refused. The book itself is
   * imported (it needs a file when none of its own was kept).
   */
  skippedFiles: z.array(importSkippedRowSchema.extend({ file: z.string() })).optional(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** An import run in the background from the admin screen (POST /api/admin/imports). */
export const importJobSchema = z.object({
  id: z.string(),
  source: z.enum(['csv', 'calibre']),
  dryRun: z.boolean(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  /** Books (calibre) or rows (CSV) handled so far, and in all (null until known). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  summary: importSummarySchema,
  /** Once confirmed: the preview it was confirmed from. */
  preview: importSummarySchema.nullable(),
  /** Why a failed job failed. */
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** Query of POST /api/admin/imports (the body: multipart, field `file`, a .csv or a .zip of a calibre library). */
export const importJobQuerySchema = csvImportQuerySchema.extend({
  /** Calibre: the custom column holding the price (its label, e.g. price or #price). */
  priceColumn: z
    .string()
    .trim()
    .max(60)
    .regex(/^#?[a-z0-9_]*$/i, 'A custom column label is letters, digits and _')
    .optional(),
});
