/**
 * The embedded database survives a crash: the store (bundled as for production, on PGlite) takes orders
 * one after another and is killed with SIGKILL in the middle of them; every order it had answered 201
 * for is still there when the database is opened again. Runs once, in the embedded run of the API suite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { waitFor } from './wait-for.js';
import { books, orders } from '../db/schema/index.js';
import { freePort } from './free-port.js';
import { bundledStore } from './store-bundle.js';

const embeddedRun = !process.env.TEST_DATABASE_URL && process.env.TEST_FILE_STORE !== 's3';
const entry = bundledStore('server');
const work = mkdtempSync(path.join(tmpdir(), 'ebook-pglite-crash-'));
const dataDir = path.join(work, 'data');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const BOOKS = 80;
const CARD = { cardHolder: 'Crash Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/30', cvv: '123' };

async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.runIf(embeddedRun)('the embedded database and kill -9', () => {
  it('keeps every order it confirmed', async () => {
    // Paid books written straight into the embedded database, before the store starts.
    const seeded = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const rows = await seeded.db
      .insert(books)
      .values(
        Array.from({ length: BOOKS }, (_, i) => ({
          title: `Crash Test Volume ${i + 1}`,
          author: 'Ann Author',
          category: 'Arts & Photography',
          priceCents: 300 + i,
          story: 'A story.',
          description: 'A book for the crash test.',
          status: 'added' as const,
          meta: {},
        })),
      )
      .returning({ id: books.id });
    await seeded.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const store = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        PAYMENT_RECONCILE_INTERVAL_MS: '0',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => store.once('exit', resolve));
    for (let i = 0; i < 600; i++) {
      if (
        await fetch(`${base}/api/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(200);
    }
    const email = `crash-${Date.now()}@example.com`;
    const password = 'crash-reader-password-42';
    expect(
      (
        await call(base, 'POST', '/api/auth/register', undefined, {
          name: 'Crash Reader',
          email,
          phone: '+94771234567',
          password,
        })
      ).status,
    ).toBe(201);
    const { token } = (await call(base, 'POST', '/api/auth/login', undefined, { email, password })).body as {
      token: string;
    };
    const card = await call(base, 'POST', '/api/payment', token, CARD);
    expect(card.status).toBe(201);
    const paymentId = (card.body as { card: { _id: string } }).card._id;

    // Orders one after another; the kill lands somewhere in the middle of them, once one is confirmed
    // (however long that takes on a busy machine).
    const confirmed: string[] = [];
    let killed = false;
    const killer = (async () => {
      await waitFor(
        () => confirmed.length,
        (count) => count > 0,
        { timeoutMs: 120_000, intervalMs: 20 },
      );
      await sleep(Math.random() * 1_500);
      store.kill('SIGKILL');
      killed = true;
    })();
    for (const [i, book] of rows.entries()) {
      try {
        await call(base, 'POST', '/api/cart/add', token, { bookId: book.id });
        const ordered = await call(base, 'POST', '/api/orders', token, { books: [book.id], paymentId }).then(
          (r) => r,
          () => null,
        );
        if (ordered?.status === 201) confirmed.push((ordered.body as { order: { _id: string } }).order._id);
      } catch {
        break; // the store is gone
      }
      if (killed || i === rows.length - 1) break;
    }
    await killer;
    await exited;
    expect(confirmed.length).toBeGreaterThan(0);

    // The lock of the killed process goes stale after 10 s; then the database opens as after any crash.
    await sleep(11_000);
    const reopened = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const found = await reopened.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, confirmed));
      expect(found.map((row) => row.id).sort()).toEqual([...confirmed].sort());
    } finally {
      await reopened.close();
    }
  }, 600_000);
});
