/**
 * `npm run import -- <calibre library>` as an owner runs it, on a real library made by calibredb (60
 * books; `CALIBRE_CRASH_BOOKS=200` for the full-size run, on demand): the preview, then an import
 * killed with SIGKILL in the middle and run again, which must end with every book once, whole, and no
 * file in the store that no book names. On the embedded database (a data directory of its own), and on
 * PostgreSQL on the PostgreSQL run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { LocalFileStore } from '../../lib/file-store.js';
import { amazonBooks, buildLibrary } from '../../test/calibre.js';
import { storedFiles } from '../../test/books.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { bundledStore } from '../../test/store-bundle.js';

const entry = bundledStore('import');
const onPostgres = !!process.env.TEST_DATABASE_URL;
/**
 * 60 books by default: the kill lands after a dozen whole books, with the rest to write. Each book costs
 * calibre's work to add it and a document-pool job per run: 200 took 122 s of the suite on a quiet
 * 2-core machine.
 */
const BOOKS = Number(process.env.CALIBRE_CRASH_BOOKS ?? 60);

let ctx: TestContext | undefined;
let work: string;
let library: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'ebook-calibre-cli-'));
  library = await buildLibrary(work, amazonBooks(BOOKS));
  if (onPostgres) ctx = await createTestContext();
}, 600_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(work, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  signal: string | null;
  out: string;
}

/** Runs the command; `killWhen` sees the output so far and, true, has the process SIGKILLed. */
function runImport(args: string[], env: Record<string, string>, killWhen?: (out: string) => boolean): Promise<Run> {
  const child = spawn(process.execPath, [entry, ...args], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const read = (chunk: Buffer) => {
    out += chunk.toString();
    if (killWhen?.(out)) child.kill('SIGKILL');
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal: signal ?? null, out })));
}

describe('npm run import -- <calibre library>', () => {
  it('previews, is killed in the middle, and a rerun finishes: no duplicate, no orphan, no half book', async () => {
    const dataDir = path.join(work, 'data');
    // This test is about a crash, not the documents' limits: on a loaded machine a check may wait
    // in the queue or run longer than the store's defaults allow, and its file would be left out.
    const limits = { DOCUMENT_INSPECT_SECONDS: '900', DOCUMENT_QUEUE_WAIT_SECONDS: '900' };
    const env: Record<string, string> = ctx
      ? { ...limits, DATABASE_URL: ctx.databaseUrl!, DATA_DIR: dataDir }
      : { ...limits, DATA_DIR: dataDir };

    const dry = await runImport([library, '--dry-run', '--default-price', '3.50'], env);
    expect(dry.out).toContain(`Would import (dry run, nothing written): ${BOOKS} rows; ${BOOKS} created, 0 updated`);
    expect(dry.code).toBe(0);

    // Killed once a fifth of the library is written (the progress line of 20%).
    const killed = await runImport([library, '--default-price', '3.50'], env, (out) => /\b20% \(/.test(out));
    expect(killed.signal).toBe('SIGKILL');

    // The killed process's lock on the embedded database goes stale after 10 s: until then the
    // command refuses (and writes nothing); it is run again until it gets the database.
    let rerun = await runImport([library, '--default-price', '3.50'], env);
    for (let attempt = 0; attempt < 20 && rerun.out.includes('Another store process is using'); attempt += 1) {
      expect(rerun.code).toBe(1);
      rerun = await runImport([library, '--default-price', '3.50'], env);
    }
    expect(rerun.code, rerun.out).toBe(0);
    const [, created, updated, unchanged] = /Imported: \d+ rows; (\d+) created, (\d+) updated, (\d+) unchanged/
      .exec(rerun.out)!
      .map(Number);
    // The killed run wrote some books (the rerun finds them), not all.
    expect(unchanged! + updated!).toBeGreaterThan(0);
    expect(created).toBeLessThan(BOOKS);
    expect(created! + updated! + unchanged!).toBe(BOOKS);

    let database: Database | undefined;
    try {
      database = ctx ? undefined : await openDatabase({ dataDir: path.join(dataDir, 'db') });
      const db = ctx?.app.db ?? database!.db;
      const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
        const result: unknown = await db.execute(query);
        return (result as { rows: T[] }).rows;
      };
      const [counts] = await rowsOf<{
        books: number;
        keys: number;
        whole: number;
        priced: number;
      }>(sql`select count(*)::int as books, count(distinct import_key)::int as keys,
          count(*) filter (where status = 'added' and cover_file_id is not null
            and (pdf_file_id is not null or epub_file_id is not null))::int as whole,
          count(*) filter (where price_cents = 350)::int as priced
          from books`);
      // What a failure needs to be understood: the books that are not whole, and both runs' output.
      const notWhole = await rowsOf(sql`select title, status, cover_file_id is not null as cover,
          pdf_file_id is not null as pdf, epub_file_id is not null as epub, created_at from books
          where not (status = 'added' and cover_file_id is not null
            and (pdf_file_id is not null or epub_file_id is not null))`);
      expect(counts, `${JSON.stringify(notWhole)}\nkilled run:\n${killed.out}\nrerun:\n${rerun.out}`).toEqual({
        books: BOOKS,
        keys: BOOKS,
        whole: BOOKS,
        priced: BOOKS,
      });
      // Every files row is named by a book, every stored content by a files row, and the reverse.
      const named = await rowsOf<{ sha256: string }>(sql`select distinct f.sha256 from files f join books b
          on f.id in (b.cover_file_id, b.pdf_file_id, b.epub_file_id)`);
      const rows = await rowsOf<{ sha256: string }>(sql`select distinct sha256 from files`);
      const stored = await storedFiles(new LocalFileStore(path.join(dataDir, 'files')));
      expect(rows.map((row) => row.sha256).sort()).toEqual(named.map((row) => row.sha256).sort());
      expect(stored).toEqual(named.map((row) => row.sha256).sort());
    } finally {
      await database?.close();
    }
  }, 1_800_000);
});
