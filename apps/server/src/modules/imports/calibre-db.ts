/**
 * Reading a calibre library's metadata.db (SQLite) with sql.js (SQLite compiled to WebAssembly: no
 * native build). The file is untrusted, so it is read in the document pool (job `read-calibre`), from
 * bytes in memory: nothing is written back, and a file that is not a calibre database is refused.
 */
import initSqlJs, { type Database } from 'sql.js';
import { DocumentRefusal } from '../../lib/document-refusal.js';
import type { CalibreBook } from '../files/index.js';

/** Refused: not a calibre library's metadata.db, or no such custom column. */
export class CalibreRefusal extends DocumentRefusal {
  constructor(message: string) {
    super('IMPORT_UNREADABLE', message);
  }
}

const UNREADABLE = "metadata.db cannot be read: it is damaged, or not a calibre library's database.";

type Row = Record<string, string | number | null | Uint8Array>;

function rows(db: Database, sql: string): Row[] {
  const statement = db.prepare(sql);
  const out: Row[] = [];
  try {
    while (statement.step()) out.push(statement.getAsObject());
  } finally {
    statement.free();
  }
  return out;
}

/** book id -> values, in the order of the query. */
function grouped(db: Database, sql: string): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows(db, sql)) {
    const book = Number(row.book);
    const list = map.get(book) ?? [];
    list.push(String(row.value));
    map.set(book, list);
  }
  return map;
}

/** The SQL giving (book, value) of a custom column named by its label (with or without the #). */
function customColumnSql(db: Database, label: string): string {
  const wanted = label.replace(/^#/, '').toLowerCase();
  if (!/^[a-z0-9_]+$/.test(wanted)) throw new CalibreRefusal(`#${wanted} is not a custom column label.`);
  const [column] = rows(db, `select id, datatype, normalized from custom_columns where lower(label) = '${wanted}'`);
  if (!column) throw new CalibreRefusal(`The library has no custom column #${wanted}.`);
  const id = Number(column.id);
  // Numbers and the like are kept beside the book; text-like columns through a link table.
  return Number(column.normalized)
    ? `select l.book as book, c.value as value from books_custom_column_${id}_link l join custom_column_${id} c on c.id = l.value`
    : `select book, value from custom_column_${id}`;
}

export async function readCalibreDb(bytes: Uint8Array, options: { priceColumn?: string }): Promise<CalibreBook[]> {
  const SQL = await initSqlJs();
  let db: Database;
  try {
    db = new SQL.Database(bytes);
    // Any read of a file that is not SQLite fails here.
    rows(db, 'select count(*) as n from books');
  } catch {
    throw new CalibreRefusal(UNREADABLE);
  }
  try {
    const authors = grouped(
      db,
      'select l.book as book, a.name as value from books_authors_link l join authors a on a.id = l.author order by l.id',
    );
    const tags = grouped(
      db,
      'select l.book as book, t.name as value from books_tags_link l join tags t on t.id = l.tag order by l.id',
    );
    const languages = grouped(
      db,
      'select l.book as book, g.lang_code as value from books_languages_link l join languages g on g.id = l.lang_code order by l.item_order',
    );
    const series = grouped(
      db,
      'select l.book as book, s.name as value from books_series_link l join series s on s.id = l.series',
    );
    const publishers = grouped(
      db,
      'select l.book as book, p.name as value from books_publishers_link l join publishers p on p.id = l.publisher',
    );
    const isbns = grouped(db, "select book, val as value from identifiers where lower(type) = 'isbn'");
    const comments = grouped(db, 'select book, text as value from comments');
    const prices = options.priceColumn ? grouped(db, customColumnSql(db, options.priceColumn)) : new Map();
    const formats = new Map<number, { format: string; name: string }[]>();
    for (const row of rows(db, 'select book, format, name from data order by id')) {
      const list = formats.get(Number(row.book)) ?? [];
      list.push({ format: String(row.format).toUpperCase(), name: String(row.name) });
      formats.set(Number(row.book), list);
    }
    return rows(db, 'select id, title, series_index, isbn, path, uuid, has_cover, pubdate from books order by id').map(
      (row) => {
        const id = Number(row.id);
        const pubdate = typeof row.pubdate === 'string' ? row.pubdate : null;
        const year = pubdate ? Number(pubdate.slice(0, 4)) : NaN;
        return {
          id,
          uuid: typeof row.uuid === 'string' && row.uuid ? row.uuid : null,
          title: String(row.title ?? ''),
          authors: authors.get(id) ?? [],
          series: series.get(id)?.[0] ?? null,
          seriesIndex: typeof row.series_index === 'number' ? row.series_index : null,
          tags: tags.get(id) ?? [],
          languages: languages.get(id) ?? [],
          isbn: isbns.get(id)?.[0] ?? (typeof row.isbn === 'string' && row.isbn ? row.isbn : null),
          comments: comments.get(id)?.[0] ?? null,
          // calibre writes 0101-01-01 for "no date".
          pubdate: pubdate && year > 101 ? pubdate.slice(0, 10) : null,
          publisher: publishers.get(id)?.[0] ?? null,
          path: String(row.path ?? ''),
          hasCover: Number(row.has_cover) === 1,
          formats: formats.get(id) ?? [],
          price: (prices.get(id) as string[] | undefined)?.[0] ?? null,
        };
      },
    );
  } catch (error) {
    if (error instanceof CalibreRefusal) throw error;
    throw new CalibreRefusal(UNREADABLE);
  } finally {
    db.close();
  }
}
