/**
 * The disk filling while a book is uploaded: a clear 507, nothing half-written (no temporary file, no
 * stored file, no book), and the next upload works once space is back. DATA_DIR is a small tmpfs of
 * its own, so it needs root to mount (as on CI); it runs once, in the first run of the API suite.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../db/schema/index.js';
import { bookBody, dataUrl, makePdf, storedFiles } from './books.js';
import { createTestContext, type TestContext } from './context.js';
import { createMember, type Actor } from './factories.js';

const firstRun = !process.env.TEST_DATABASE_URL && process.env.TEST_FILE_STORE !== 's3';
const canMount = process.getuid?.() === 0;
const mountPoint = mkdtempSync(path.join(tmpdir(), 'ebook-small-disk-'));

let ctx: TestContext;
let member: Actor;
let mounted = false;

beforeAll(async () => {
  if (!firstRun || !canMount) return;
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]);
  mounted = true;
  ctx = await createTestContext({ DATA_DIR: mountPoint });
  member = await createMember(ctx.app);
  // The welcome mail is written behind the sign-up's answer: on disk before the test counts files.
  await ctx.app.mail.idle();
});
afterAll(async () => {
  await ctx?.close().catch(() => {});
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Every file under a directory, recursively (temporary files included). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    statSync(path.join(dir, name)).isFile(),
  );
}

/** Fills the disk to the last byte with one file, and returns a way to free it again. */
function fillDisk(dir: string): () => void {
  const filler = path.join(dir, 'filler');
  const chunk = Buffer.alloc(64 * 1024, 1);
  const parts: Buffer[] = [];
  for (;;) {
    parts.push(chunk);
    try {
      writeFileSync(filler, Buffer.concat(parts));
    } catch {
      parts.pop();
      // Down to the byte: what still fits goes in one byte at a time.
      for (let more = 1024; more >= 1; more = Math.floor(more / 2)) {
        for (;;) {
          try {
            writeFileSync(filler, Buffer.concat([...parts, Buffer.alloc(more)]));
            parts.push(Buffer.alloc(more));
          } catch {
            break;
          }
        }
      }
      return () => rmSync(filler);
    }
  }
}

describe.runIf(firstRun && canMount)('a full disk', () => {
  it('refuses an upload with 507, leaves nothing behind, and takes the next one once space is back', async () => {
    const body = await bookBody({ pdf: dataUrl('application/pdf', await makePdf('A book for a full disk', 40)) });
    const before = filesUnder(mountPoint);
    const booksBefore = (await ctx.app.db.select({ n: count() }).from(books))[0]!.n;
    const free = fillDisk(mountPoint);

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: member.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      msg: 'The store has run out of storage space. Please try again later.',
      code: 'INSUFFICIENT_STORAGE',
    });
    expect(filesUnder(mountPoint).filter((name) => name !== 'filler')).toEqual(before);
    expect(await storedFiles(ctx.app.fileStore)).toEqual([]);
    expect((await ctx.app.db.select({ n: count() }).from(books))[0]!.n).toBe(booksBefore);

    free();
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: member.headers,
      payload: body,
    });
    expect(accepted.statusCode).toBe(201);
    expect(await storedFiles(ctx.app.fileStore)).toHaveLength(2);
  });
});
