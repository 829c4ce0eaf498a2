/**
 * A store with members, books with files, a saved card and an order is backed up, restored into a new
 * embedded database and file store, and compared table by table and file by file; the restored store
 * then serves the buyer's book. The source is whatever this run uses (PGlite or PostgreSQL, local or S3).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { LocalFileStore } from '../lib/file-store.js';
import { dataUrl, makePng, postBook, storedFiles } from '../test/books.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAdmin, createMember, loginAs, TEST_PASSWORD } from '../test/factories.js';
import { BackupError, backupStore, restoreStore } from './backup.js';

let ctx: TestContext;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** Every row of every table that is backed up, as text, sorted: two stores compare equal or not. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const tables = (
    (await db.execute<Record<string, unknown>>(sql`
      select tablename as name from pg_tables
      where schemaname = 'public' and tablename not in ('search_words', 'book_changes')
      order by 1`)) as { rows: { name: string }[] }
  ).rows.map((row) => row.name);
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = (await db.execute<Record<string, unknown>>(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    )) as { rows: { row: string }[] };
    result[table] = rows.rows.map((row) => row.row).sort();
  }
  return result;
}

async function stockedStore() {
  const admin = await createAdmin(ctx.app);
  const paid = await postBook(ctx.app, admin, { title: 'Tides of the Northern Sea', price: 7.5 });
  const reader = await createMember(ctx.app, { name: 'Ann Reader' });
  await postBook(ctx.app, reader, {
    title: 'My First Manuscript',
    price: 0,
    image: dataUrl('image/png', await makePng('#2a4b7a')),
  });
  const card = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: reader.headers,
    payload: { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/30', cvv: '123' },
  });
  expect(card.statusCode).toBe(201);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: reader.headers,
    payload: { bookId: paid._id },
  });
  const ordered = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...reader.headers, 'idempotency-key': 'backup-test-order-1' },
    payload: { books: [paid._id], paymentId: card.json().card._id },
  });
  expect(ordered.statusCode).toBe(201);
  return { reader, paid };
}

describe('backup and restore', () => {
  let target: Database | undefined;
  afterAll(() => target?.close());

  it('round-trips every row and file into an empty store, which then serves the buyer their book', async () => {
    const { reader, paid } = await stockedStore();
    const before = await contents(ctx.app.db);
    const files = await storedFiles(ctx.app.fileStore);
    expect(before.orders).toHaveLength(1);
    expect(files.length).toBeGreaterThanOrEqual(3);

    const dir = path.join(tempDir('ebook-backup-'), 'snapshot');
    const manifest = await backupStore({ db: ctx.app.db, fileStore: ctx.app.fileStore }, dir);
    expect(manifest.tables.orders).toBe(1);
    expect(manifest.files.count).toBe(files.length);
    expect(readdirSync(path.join(dir, 'files')).sort()).toEqual(files);

    // Restored into a new embedded database and a new local file store.
    const dataDir = tempDir('ebook-restored-');
    const config = loadConfig({ ...ctx.env, DATA_DIR: dataDir, FILE_STORE: 'local' });
    target = await openDatabase({});
    const fileStore = new LocalFileStore(config.filesDir);
    await restoreStore({ db: target.db, fileStore }, dir);
    expect(await contents(target.db)).toEqual(before);
    expect(await storedFiles(fileStore)).toEqual(files);
    const words = (await target.db.execute<Record<string, unknown>>(
      sql`select count(*)::int as n from search_words`,
    )) as {
      rows: { n: number }[];
    };
    expect(words.rows[0]!.n).toBeGreaterThan(0);

    // A second restore into the same store is refused: it is no longer empty.
    await expect(restoreStore({ db: target.db, fileStore }, dir)).rejects.toThrow(/not empty \(\w+ has rows\)/);

    const app = await buildApp({ config, database: target, fileStore });
    try {
      const again = await loginAs(app, reader.user.email, TEST_PASSWORD);
      const pdf = await app.inject({ method: 'GET', url: `/api/books/${paid._id}/pdf`, headers: again.headers });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await app.close();
      target = undefined;
    }
  });

  it('refuses a damaged backup and writes nothing', async () => {
    const dir = path.join(tempDir('ebook-backup-'), 'snapshot');
    await backupStore({ db: ctx.app.db, fileStore: ctx.app.fileStore }, dir);
    const [first] = readdirSync(path.join(dir, 'files'));
    writeFileSync(path.join(dir, 'files', first!), 'not the bytes this file was');

    const fresh = await openDatabase({});
    try {
      const store = new LocalFileStore(tempDir('ebook-restored-'));
      await expect(restoreStore({ db: fresh.db, fileStore: store }, dir)).rejects.toThrow(BackupError);
      expect(await storedFiles(store)).toEqual([]);
      const users = (await fresh.db.execute<Record<string, unknown>>(sql`select count(*)::int as n from users`)) as {
        rows: { n: number }[];
      };
      expect(users.rows[0]!.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('never overwrites an existing backup', async () => {
    const dir = tempDir('ebook-backup-');
    writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    await expect(backupStore({ db: ctx.app.db, fileStore: ctx.app.fileStore }, dir)).rejects.toThrow(
      /already exists and is not empty/,
    );
  });
});
