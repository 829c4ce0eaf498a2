/**
 * Reading a catalogue CSV as a stream (csv-parse): the header (when the file has one), the column
 * mapping, and one record per row with the line it started on. Nothing is held but the current row.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { CATALOGUE_CSV_COLUMNS, type CatalogueField } from '@ebook/shared';
import { badRequest } from '../../lib/errors.js';

export type CatalogueRecord = Partial<Record<CatalogueField, string>>;

export interface CsvRow {
  /** The line the row starts on (1 = the first line of the file). */
  line: number;
  fields: CatalogueRecord;
}

export interface CsvReadOptions {
  /** The first row names the columns. */
  header: boolean;
  /** `column=field` entries (column: a header name or a number, 1 = first); none: the template's names. */
  map: string[];
  /** Told the bytes read so far, after each row. */
  onBytes?: (bytes: number) => void;
}

/** A single field over 1 MB is not a catalogue (and would hold memory): the file is refused. */
const MAX_RECORD_BYTES = 1024 * 1024;

function isField(name: string): name is CatalogueField {
  return (CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name);
}

export function resolveMapping(firstRow: string[], header: boolean, map: string[]): Map<number, CatalogueField> {
  const names = header ? firstRow : null;
  const columns = mappedColumns(names, map);
  for (const index of columns.keys()) {
    if (index >= firstRow.length) throw badRequest(`The file has no column ${index + 1}.`, 'VALIDATION_ERROR');
  }
  return columns;
}

/** Column index → field, from the mapping or (none given) the header's names or the template's order. */
function mappedColumns(header: string[] | null, map: string[]): Map<number, CatalogueField> {
  const columns = new Map<number, CatalogueField>();
  if (map.length === 0) {
    if (!header) {
      CATALOGUE_CSV_COLUMNS.forEach((field, index) => columns.set(index, field));
    } else {
      header.forEach((name, index) => {
        const field = name.trim().toLowerCase().replace(/\s+/g, '_');
        if (isField(field)) columns.set(index, field);
      });
    }
  }
  for (const entry of map) {
    const at = entry.lastIndexOf('=');
    const column = entry.slice(0, at).trim();
    const field = entry.slice(at + 1).trim();
    if (!isField(field)) {
      throw badRequest(`Unknown field "${field}": use one of ${CATALOGUE_CSV_COLUMNS.join(', ')}.`, 'VALIDATION_ERROR');
    }
    const byName = header ? header.findIndex((name) => name.trim().toLowerCase() === column.toLowerCase()) : -1;
    const index = byName >= 0 ? byName : /^\d+$/.test(column) ? Number(column) - 1 : -1;
    if (index < 0) throw badRequest(`The file has no column "${column}".`, 'VALIDATION_ERROR');
    columns.set(index, field);
  }
  if (![...columns.values()].includes('title')) {
    throw badRequest('No column is mapped to title (map one, for example 4=title).', 'VALIDATION_ERROR');
  }
  return columns;
}

/** The rows of a catalogue CSV, mapped to the template's fields. A file that is not CSV is a 400. */
export async function* readCatalogueCsv(input: Readable, options: CsvReadOptions): AsyncGenerator<CsvRow> {
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
  input.on('error', (error) => parser.destroy(error));
  let columns: Map<number, CatalogueField> | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; bytes: number };
    }>) {
      if (!columns) {
        columns = resolveMapping(record, options.header, options.map);
        if (options.header) continue;
      }
      const fields: CatalogueRecord = {};
      for (const [index, field] of columns) {
        const value = record[index];
        if (value !== undefined) fields[field] = value;
      }
      options.onBytes?.(info.bytes);
      yield { line: info.lines, fields };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) {
      throw badRequest(`The file is not a readable CSV: ${error.message}`, 'VALIDATION_ERROR');
    }
    throw error;
  }
}
