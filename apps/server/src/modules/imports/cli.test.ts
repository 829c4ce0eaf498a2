/**
 * `npm run import` as an owner runs it: the command in its own process, on a CSV file on disk, on the
 * embedded database (a data directory of its own; refused while a store holds it) or, on the
 * PostgreSQL run, on the test's database beside the running app.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { bundledStore } from '../../test/store-bundle.js';

const entry = bundledStore('import');
const onPostgres = !!process.env.TEST_DATABASE_URL;

let ctx: TestContext | undefined;
let work: string;
let csvFile: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'ebook-import-cli-'));
  csvFile = path.join(work, 'shelf.csv');
  writeFileSync(
    csvFile,
    [
      '"B0001","b.jpg","","The Salt Road","Ines Vale","1","Travel"',
      '"B0002","c.jpg","","","Nobody","1","Travel"',
      '"B0003","d.jpg","","Winter Orchard","","2","Gardening"',
      '',
    ].join('\n'),
  );
  if (onPostgres) ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  rmSync(work, { recursive: true, force: true });
});

function runImport(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const child = spawn(process.execPath, [entry, ...args], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code: code ?? -1, out })));
}

const mapping = ['--no-header', '--default-price', '2.50', '--map', '1=isbn', '--map', '4=title', '--map', '5=author'];

describe('npm run import', () => {
  it('previews, imports, then finds the same books again, with a progress report and the summary', async () => {
    const dataDir = path.join(work, 'data');
    const env: Record<string, string> = ctx
      ? { DATABASE_URL: ctx.databaseUrl!, DATA_DIR: dataDir }
      : { DATA_DIR: dataDir };

    const dry = await runImport([csvFile, '--dry-run', ...mapping], env);
    expect(dry.out).toContain(
      'Would import (dry run, nothing written): 3 rows; 2 created, 0 updated, 0 unchanged, 1 skipped',
    );
    expect(dry.out).toContain('skipped row 2: No title');
    expect(dry.out).toContain('100% (3 rows)');
    expect(dry.code).toBe(0);

    const done = await runImport([csvFile, ...mapping], env);
    expect(done.out).toContain('Imported: 3 rows; 2 created');
    expect(done.code).toBe(0);
    const again = await runImport([csvFile, ...mapping], env);
    expect(again.out).toContain('Imported: 3 rows; 0 created, 0 updated, 2 unchanged, 1 skipped; 2 need a file.');

    let database: Database | undefined;
    try {
      database = ctx ? undefined : await openDatabase({ dataDir: path.join(dataDir, 'db') });
      const db = ctx?.app.db ?? database!.db;
      const rows = await db.select().from(books);
      expect(rows.map((book) => [book.title, book.author, book.priceCents, book.status]).sort()).toEqual([
        ['The Salt Road', 'Ines Vale', 250, 'incomplete'],
        ['Winter Orchard', 'Unknown', 250, 'incomplete'],
      ]);
      if (database) {
        // While a store holds the embedded database, the command refuses and writes nothing.
        const refused = await runImport([csvFile, ...mapping], env);
        expect(refused.code).toBe(1);
        expect(refused.out).toContain('Another store process is using the embedded database');
      }
    } finally {
      await database?.close();
    }
  });

  it('explains its usage and a bad mapping', async () => {
    const usage = await runImport([], { DATA_DIR: path.join(work, 'unused') });
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('usage: npm run import');
    const badMap = await runImport([csvFile, '--dry-run', '--map', '9=title'], { DATA_DIR: path.join(work, 'other') });
    expect(badMap.code).toBe(1);
    expect(badMap.out).toContain('The file has no column 9.');
  });
});
