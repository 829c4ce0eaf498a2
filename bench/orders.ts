/**
 * The shop with many orders: generates N orders (default 100,000; 1-3 books each, over the last year,
 * 1,000 buyers, 200 books) in a fresh store, starts the built server on it (`npm run build` first) and
 * measures:
 * the Sales figures for a year (p95), an Orders page (p95, plain and searched by e-mail), and the
 * server's peak resident memory while the CSV export of every order streams.
 *
 * The store is PGlite in a temporary folder, or, given a PostgreSQL server's URL (`--database-url URL`
 * or DATABASE_URL), a throwaway database created on that server and dropped at the end.
 *
 * `--screenshots DIR` also saves the Sales and Orders screens over those orders, desktop and phone.
 *
 *   npx tsx orders.ts [N] [--database-url postgres://postgres@127.0.0.1:5432/postgres]   # see README.md
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright';
import { openDatabase, files, renderCover, renderPdf, SEED_BOOKS, LocalFileStore } from '@ebook/server';
import { insertGeneratedBooks } from './generated-books.js';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--database-url');
const serverUrl = urlAt >= 0 ? args.splice(urlAt, 2)[1] : process.env.DATABASE_URL;
const shotsAt = args.indexOf('--screenshots');
const shotsDir = shotsAt >= 0 ? args.splice(shotsAt, 2)[1] : undefined;
const count = Number(args[0] ?? process.env.BENCH_ORDERS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3392);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@bookshop.local', password: 'orders-bench-password' };
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
const BATCH = 20_000;

/** A database of its own on the PostgreSQL server: its URL, and how to drop it. */
async function throwawayDatabase(url: string) {
  const name = `ebook_orders_bench_${randomBytes(4).toString('hex')}`;
  const onServer = async (statement: string) => {
    const server = await openDatabase({ url, poolSize: 1 });
    try {
      await server.db.execute(sql.raw(statement));
    } finally {
      await server.close();
    }
  };
  await onServer(`create database ${name}`);
  return {
    url: Object.assign(new URL(url), { pathname: `/${name}` }).toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

async function generate(dataDir: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'db') });
  const { db } = database;
  const store = new LocalFileStore(path.join(dataDir, 'files'));
  const sample = SEED_BOOKS[0]!;
  const cover = await store.stage(await renderCover(sample), Number.MAX_SAFE_INTEGER);
  const pdf = await store.stage(await renderPdf(sample), Number.MAX_SAFE_INTEGER);
  await Promise.all([cover.commit(), pdf.commit()]);
  const [coverRow] = await db
    .insert(files)
    .values({ sha256: cover.sha256, mime: 'image/jpeg', sizeBytes: cover.sizeBytes, width: 600, height: 900 })
    .returning({ id: files.id });
  const [pdfRow] = await db
    .insert(files)
    .values({ sha256: pdf.sha256, mime: 'application/pdf', sizeBytes: pdf.sizeBytes })
    .returning({ id: files.id });
  await insertGeneratedBooks(db, 200, coverRow!.id, pdfRow!.id);
  await db.execute(sql`
    insert into users (id, name, email, phone, password_hash, role)
    select gen_random_uuid(), 'Buyer ' || g, 'buyer' || g || '@bench.example', '+94771234567', 'x', 'member'
    from generate_series(1, 1000) g`);
  // The pre-summed sales are filled once at the end (rebuild_sales_days(), as a restore does), rather than row by row by
  // their triggers: the same sums, in a minute instead of a quarter of an hour on PGlite.
  await db.execute(sql`alter table orders disable trigger user`);
  await db.execute(sql`alter table order_items disable trigger user`);
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    // Every value derives from g: reproducible. Totals are set from the lines below.
    await db.execute(sql`
      with buyers as (select id, row_number() over (order by email) as n from users where role = 'member')
      insert into orders (id, user_id, idempotency_key, total_cents, currency, charge_id, card_brand, card_last4, created_at)
      select gen_random_uuid(), buyers.id, 'bench-' || g, 0, 'USD', 'ch_bench_' || g,
             case when g % 3 = 0 then 'mastercard' else 'visa' end, lpad((g % 10000)::text, 4, '0'),
             now() - ((g::bigint * 314159) % (365 * 24 * 60)) * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g
      join buyers on buyers.n = 1 + g % 1000`);
    process.stdout.write(`\r${to.toLocaleString()} / ${count.toLocaleString()} orders`);
  }
  await db.execute(sql`
    with paid as (select id, title, price_cents, row_number() over (order by id) as n from books where price_cents > 0),
         lines as (select o.id as order_id, o.created_at, k, (o.number * 7 + k * 13) % (select count(*) from paid) + 1 as pick
                   from orders o cross join lateral generate_series(1, 1 + (o.number % 3)::int) k)
    insert into order_items (id, order_id, book_id, title, price_cents, list_price_cents, created_at)
    select gen_random_uuid(), lines.order_id, paid.id, paid.title,
           case when lines.k = 1 and lines.pick % 4 = 0 then paid.price_cents * 3 / 4 else paid.price_cents end,
           paid.price_cents, lines.created_at
    from lines join paid on paid.n = lines.pick`);
  await db.execute(sql`
    update orders set total_cents = sums.total
    from (select order_id, sum(price_cents) as total from order_items group by order_id) sums
    where sums.order_id = orders.id`);
  await db.execute(sql`alter table orders enable trigger user`);
  await db.execute(sql`alter table order_items enable trigger user`);
  await db.execute(sql`select rebuild_sales_days()`);
  // As the store's own maintenance would at start-up (PGlite has no autovacuum): planned, visible.
  await db.execute(sql`vacuum (analyze) orders, order_items, users, sales_daily, sales_book_daily`);
  const sold = await db.execute<{ title: string }>(
    sql`select title from books where price_cents > 0 order by title limit 30`,
  );
  await database.close();
  return (sold as { rows: { title: string }[] }).rows.map((row) => encodeURIComponent(row.title));
}

async function call(url: string, token: string) {
  const response = await fetch(`${BASE}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** `url` may depend on the response before (the next page's cursor); the first call gets undefined. */
async function p95(label: string, runs: number, url: (i: number, previous?: unknown) => string, token: string) {
  const times: number[] = [];
  let previous: unknown;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const body = await (await call(url(i, previous), token)).text();
    times.push(performance.now() - started);
    previous = JSON.parse(body) as unknown;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
  console.log(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${runs} requests)`);
}

/** The Sales and Orders screens over the generated orders, as the admin sees them. */
async function screenshots(dir: string) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const [device, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const page = await browser.newPage({ viewport, baseURL: BASE });
      const login = await page.request.post('/api/auth/login', { data: ADMIN, headers: { origin: BASE } });
      const { user } = (await login.json()) as { user: { role: string } };
      await page.goto('/');
      await page.evaluate((u) => {
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('role', u.role);
      }, user);
      await page.goto('/#/admin-dashboard/sales');
      await page.getByRole('table', { name: /Revenue and orders per day/ }).waitFor();
      await page.screenshot({ path: path.join(dir, `sales-${count}-${device}.png`) });
      await page.goto('/#/admin-dashboard/orders');
      await page.getByTestId('admin-order').first().waitFor();
      await page.screenshot({ path: path.join(dir, `orders-${count}-${device}.png`) });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'orders-bench-'));
  const dataDir = path.join(work, 'data');
  const started = Date.now();
  const throwaway = serverUrl ? await throwawayDatabase(serverUrl) : undefined;
  const databaseUrl = throwaway?.url;
  // The store's own schema first (the server migrates at start), then the orders written by SQL.
  const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'db') });
  await database.close();
  const titles = await generate(dataDir, databaseUrl);
  console.log(
    `\n${count.toLocaleString()} orders generated in ${databaseUrl ? 'PostgreSQL' : 'PGlite'} ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const { DATABASE_URL: _serverUrl, ...inherited } = process.env;
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...inherited,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      NODE_ENV: 'production',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // The engine this bench's figures were measured on (DATABASE_ENGINE=postgres for the default).
      DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilReady(PORT);
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const periods = ['day', 'week', 'month'];
    await p95(
      'Sales figures, one year',
      30,
      (i) => `/api/admin/sales?from=${yearAgo}&to=${today}&period=${periods[i % 3]}`,
      token,
    );
    const pages = Math.ceil(count / 20);
    await p95('Orders page', 50, (i) => `/api/admin/orders?page=${1 + ((i * 7919) % Math.min(pages, 500))}`, token);
    // As the screen pages on with Next: each page after the last order of the one before.
    const nextAfter = (previous: unknown) => {
      const cursor = (previous as { nextCursor?: string | null } | undefined)?.nextCursor;
      return cursor ? `&after=${cursor}` : '';
    };
    await p95(
      'Orders page, next by key',
      50,
      (i, previous) => `/api/admin/orders?page=${1 + i}${nextAfter(previous)}`,
      token,
    );
    await p95(
      'Orders page, paid, next by key',
      50,
      (i, previous) => `/api/admin/orders?status=paid&page=${1 + i}${nextAfter(previous)}`,
      token,
    );
    await p95('Orders page, searched by e-mail', 30, (i) => `/api/admin/orders?q=buyer${1 + i}@bench.example`, token);
    await p95(
      'Orders page, searched by book title',
      30,
      (i) => `/api/admin/orders?q=${titles[i % titles.length]}`,
      token,
    );
    await p95(
      'Orders page, searched by number',
      30,
      (i) => `/api/admin/orders?q=BK-2026-${String(1 + i * 997).padStart(6, '0')}`,
      token,
    );

    if (shotsDir) await screenshots(shotsDir);

    const before = rssOf(server.pid!);
    let bytes = 0;
    let lines = 0;
    const exportStarted = performance.now();
    const peak = await peakDuring(server.pid!, async () => {
      const response = await call('/api/admin/orders/export', token);
      for await (const chunk of response.body!) {
        const piece = chunk as Uint8Array;
        bytes += piece.length;
        for (const byte of piece) if (byte === 10) lines += 1;
      }
    });
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.log(
      `CSV export: ${(lines - 1).toLocaleString()} orders, ${mb(bytes)} MB in ${((performance.now() - exportStarted) / 1000).toFixed(1)} s; ` +
        `server memory ${mb(before)} MB before, ${mb(peak)} MB at peak`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
    await throwaway?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
