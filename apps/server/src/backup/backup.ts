/**
 * Backups: a consistent snapshot of the database and the stored files, written to a directory, and
 * brought back into an empty store. The same format for both databases and both file stores, so a
 * backup of the embedded store can be restored on PostgreSQL and object storage, and back.
 *
 * Layout of a backup directory:
 *   manifest.json        format, when, the schema's migration, rows per table, files and bytes
 *   tables/<name>.jsonl  one row per line (row_to_json), read in one repeatable-read snapshot
 *   files/<sha256>       the bytes of every file a row refers to, checked against their hash
 *
 * Thumbnails and other derived files are not kept: they are made again from the originals. The known
 * search words are not kept either: the books' trigger writes them again as the books come back.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import type { FileStore } from '../lib/file-store.js';

export const BACKUP_FORMAT = 1;
/**
 * Rebuilt from other tables, never restored: the search words and the log of book changes by triggers
 * as the books are restored, the pre-summed sales summed again from the restored orders.
 */
const DERIVED_TABLES = new Set(['search_words', 'book_changes', 'sales_daily', 'sales_book_daily']);
const ROWS_PER_BATCH = 500;
/** Restore never writes a file larger than this (the largest upload the store takes is far below). */
const MAX_FILE_BYTES = 2 ** 40;

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** The `when` of the newest migration applied to the backed-up database. */
  migration: number;
  tables: Record<string, number>;
  files: { count: number; bytes: number };
}

export class BackupError extends Error {}

interface Quiet {
  info(message: string): void;
}
const silent: Quiet = { info: () => {} };

/** Writes a backup of `db` and its files into `dir`, which must not exist yet (or be empty). */
export async function backupStore(
  { db, fileStore }: { db: Db; fileStore: FileStore },
  dir: string,
  log: Quiet = silent,
): Promise<BackupManifest> {
  await assertEmptyDir(dir);
  // Written under a temporary name and renamed when complete: a half-made backup never looks whole.
  const work = `${dir}.partial`;
  await mkdir(path.join(work, 'tables'), { recursive: true });
  await mkdir(path.join(work, 'files'), { recursive: true });

  const { tables, migration, shas } = await db.transaction(
    async (tx) => {
      const counts: Record<string, number> = {};
      for (const table of await tablesInOrder(tx)) {
        if (DERIVED_TABLES.has(table)) continue;
        counts[table] = await dumpTable(tx, table, path.join(work, 'tables', `${table}.jsonl`));
        log.info(`${table}: ${counts[table]} rows`);
      }
      const sha = rowsOf<{ sha256: string }>(await tx.execute(sql`select distinct sha256 from files order by 1`));
      return { tables: counts, migration: await latestMigration(tx), shas: sha.map((row) => row.sha256) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  // The files after the snapshot: clean-up deletes a file only once no row refers to it, and the
  // rows above are the snapshot's, so every one of them is still there unless it was removed since.
  let bytes = 0;
  for (const sha256 of shas) {
    bytes += await copyChecked(fileStore, sha256, path.join(work, 'files', sha256));
  }
  log.info(`${shas.length} files, ${bytes} bytes`);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    migration,
    tables,
    files: { count: shas.length, bytes },
  };
  await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(work, dir);
  return manifest;
}

/**
 * Brings a backup back into an empty store (migrated, no members, no books). The rows go in one
 * transaction, parents before children; files first, so a row never refers to a missing file.
 */
export async function restoreStore(
  { db, fileStore }: { db: Db; fileStore: FileStore },
  dir: string,
  log: Quiet = silent,
): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const target = await latestMigration(db);
  if (manifest.migration > target) {
    throw new BackupError(
      'This backup was made by a newer version of the store; restore it with that version or a later one.',
    );
  }
  const order = await tablesInOrder(db);
  for (const table of order) {
    const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
    if (!DERIVED_TABLES.has(table) && (rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        `The target store is not empty (${table} has rows): restore into a new DATA_DIR or an empty database.`,
      );
    }
  }
  const unknown = Object.keys(manifest.tables).filter((table) => !order.includes(table));
  if (unknown.length > 0) throw new BackupError(`The store has no table ${unknown.join(', ')}.`);

  // Everything is checked before anything is written: a damaged backup changes nothing.
  const names = (await readdir(path.join(dir, 'files'))).filter((name) => /^[0-9a-f]{64}$/.test(name));
  if (names.length !== manifest.files.count) {
    throw new BackupError(`files/ has ${names.length} files, the manifest says ${manifest.files.count}.`);
  }
  for (const sha256 of names) {
    if ((await hashOf(path.join(dir, 'files', sha256))) !== sha256) {
      throw new BackupError(`files/${sha256} is damaged: its content does not match its name.`);
    }
  }
  for (const table of Object.keys(manifest.tables)) {
    const lines = await countLines(path.join(dir, 'tables', `${table}.jsonl`));
    if (lines !== manifest.tables[table]) {
      throw new BackupError(`tables/${table}.jsonl has ${lines} rows, the manifest says ${manifest.tables[table]}.`);
    }
  }

  // Files first, so a row never refers to a missing file.
  for (const sha256 of names) {
    const staged = await fileStore.stage(createReadStream(path.join(dir, 'files', sha256)), MAX_FILE_BYTES);
    if (staged.sha256 !== sha256) {
      await staged.discard();
      throw new BackupError(`files/${sha256} changed while it was restored.`);
    }
    await staged.commit();
  }
  log.info(`${names.length} files`);

  await db.transaction(async (tx) => {
    for (const table of order) {
      if (!(table in manifest.tables) || DERIVED_TABLES.has(table)) continue;
      const restored = await loadTable(tx, table, path.join(dir, 'tables', `${table}.jsonl`));
      if (restored !== manifest.tables[table]) {
        throw new BackupError(
          `tables/${table}.jsonl has ${restored} rows, the manifest says ${manifest.tables[table]}.`,
        );
      }
      log.info(`${table}: ${restored} rows`);
    }
    await sumSalesAgain(tx);
  });
  return manifest;
}

/**
 * The pre-summed sales days, summed from the restored orders as their migration first summed them
 * (rebuild_sales_days(), drizzle/0020_rebuild_sales_days.sql): the triggers saw each row arrive, not
 * the orders' history.
 */
async function sumSalesAgain(tx: Executor): Promise<void> {
  await tx.execute(sql`select rebuild_sales_days()`);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${dir} is not a backup (no readable manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`Backup format ${String(manifest.format)} is not one this store reads.`);
  }
  return manifest;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function assertEmptyDir(dir: string): Promise<void> {
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new BackupError(`${dir} already exists and is not empty.`);
  }
  if (existsSync(`${dir}.partial`)) {
    throw new BackupError(`${dir}.partial is left from an interrupted backup; remove it first.`);
  }
}

/** The store's tables, every table after the tables its foreign keys point to. */
async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`),
  ).map((row) => row.name);
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function latestMigration(db: Executor): Promise<number> {
  const rows = rowsOf<{ when: string | number | null }>(
    await db.execute(sql`select max(created_at) as "when" from drizzle.__drizzle_migrations`),
  );
  return Number(rows[0]?.when ?? 0);
}

/** The columns a row can be written to: generated columns are left to the database. */
async function writableColumns(db: Executor, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`
      select attname as name from pg_attribute
      where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`),
  ).map((row) => row.name);
}

async function dumpTable(tx: Executor, table: string, file: string): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  try {
    // Pages in physical order: stable within the one snapshot the whole backup reads.
    for (let offset = 0; ; offset += ROWS_PER_BATCH) {
      const rows = rowsOf<{ row: string }>(
        await tx.execute(sql`
          select row_to_json(t)::text as row from ${sql.identifier(table)} t
          order by t.ctid limit ${ROWS_PER_BATCH} offset ${offset}`),
      );
      for (const { row } of rows) {
        if (!out.write(`${row}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      count += rows.length;
      if (rows.length < ROWS_PER_BATCH) break;
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  return count;
}

async function loadTable(tx: Executor, table: string, file: string): Promise<number> {
  const columns = sql.join(
    (await writableColumns(tx, table)).map((column) => sql.identifier(column)),
    sql`, `,
  );
  let batch: string[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    await tx.execute(sql`
      insert into ${sql.identifier(table)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`);
    count += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    batch.push(line);
    if (batch.length >= ROWS_PER_BATCH) await flush();
  }
  await flush();
  return count;
}

async function hashOf(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function countLines(file: string): Promise<number> {
  let count = 0;
  try {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (line.trim() !== '') count += 1;
    }
  } catch {
    throw new BackupError(`${path.basename(file)} is missing from the backup.`);
  }
  return count;
}

/** Copies one stored file into the backup, refusing it if its bytes no longer match its hash. */
async function copyChecked(fileStore: FileStore, sha256: string, target: string): Promise<number> {
  const hash = createHash('sha256');
  let bytes = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(fileStore.read(sha256), check, createWriteStream(target));
  } catch (error) {
    throw new BackupError(`File ${sha256} could not be read from the file store: ${(error as Error).message}`);
  }
  if (hash.digest('hex') !== sha256) throw new BackupError(`File ${sha256} in the file store is damaged.`);
  return bytes;
}
