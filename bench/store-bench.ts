/**
 * What the store's benchmarks share: the built store started on a throwaway DATA_DIR, its API called
 * as the admin or a buyer, a proxy that counts the bytes of a book sent to the browser, the time
 * before Chromium shows something, the server's memory sampled while a step runs, and /api/health
 * watched throughout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
export const ADMIN_EMAIL = 'admin@bookshop.local';

export interface BenchStore {
  base: string;
  port: number;
  pid: number;
  adminPassword: string;
  /** Calls the API (JSON in, the response out); a status other than 2xx throws. */
  call(url: string, init?: RequestInit & { token?: string; json?: object }): Promise<Response>;
  login(email: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the built store (`npm run build` first) on an empty DATA_DIR, without the demo catalogue;
 * `env` adds to or overrides its environment.
 */
export async function startStore(port: number, name: string, env: Record<string, string> = {}): Promise<BenchStore> {
  const work = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const adminPassword = `${name}-password`;
  const server: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      PORT: String(port),
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      // The engine these benches' figures were measured on (DATABASE_ENGINE=postgres for the default).
      DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
      ADMIN_EMAIL,
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const call: BenchStore['call'] = async (url, init = {}) => {
    const headers: Record<string, string> = { origin: base };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.json) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${url}`, {
      ...init,
      headers,
      body: init.json ? JSON.stringify(init.json) : init.body,
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const store: BenchStore = {
    base,
    port,
    pid: server.pid!,
    adminPassword,
    call,
    async login(email, password) {
      const response = await call('/api/auth/login', { method: 'POST', json: { email, password } });
      return ((await response.json()) as { token: string }).token;
    },
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
  try {
    await waitUntilReady(port, 240);
  } catch (error) {
    await store.stop();
    throw error;
  }
  return store;
}

/** Adds a book as the admin (public at once): text fields, a cover and its files. Returns its id. */
export async function addBook(
  store: BenchStore,
  fields: Record<string, string>,
  files: Record<string, { blob: Blob; name: string }>,
): Promise<string> {
  const admin = await store.login(ADMIN_EMAIL, store.adminPassword);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, file.blob, file.name);
  const created = await store.call('/api/books/', { method: 'POST', token: admin, body: form });
  return ((await created.json()) as { book: { _id: string } }).book._id;
}

/** A member who has bought the book (simulated card); returns their token. */
export async function buyer(store: BenchStore, bookId: string): Promise<string> {
  const reader = { name: 'Bea Buyer', email: 'bea@example.com', phone: '+94771234567', password: 'quiet-library-42' };
  await store.call('/api/auth/register', { method: 'POST', json: reader });
  const token = await store.login(reader.email, reader.password);
  const card = await store.call('/api/payment', {
    method: 'POST',
    token,
    json: { cardHolder: 'Bea Buyer', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
  });
  const cardId = ((await card.json()) as { card: { _id: string } }).card._id;
  await store.call('/api/cart/add', { method: 'POST', token, json: { bookId } });
  await store.call('/api/orders', { method: 'POST', token, json: { books: [bookId], paymentId: cardId } });
  return token;
}

export interface Counts {
  bytes: number;
  /** One line per counted response: its status and the range asked for. */
  responses: string[];
}

/**
 * A proxy in front of the store on `port` that counts the bytes of the responses whose path matches
 * `counted`, as they are sent to the browser (cut-off transfers included).
 */
export function countingProxy(store: BenchStore, port: number, counted: RegExp) {
  const counts: Counts = { bytes: 0, responses: [] };
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: store.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        const isCounted = counted.test(request.url ?? '');
        if (isCounted) counts.responses.push(`${answer.statusCode} ${request.headers.range ?? 'whole file'}`);
        answer.on('data', (chunk: Buffer) => {
          if (response.destroyed) return answer.destroy();
          if (isCounted) counts.bytes += chunk.length;
          response.write(chunk);
        });
        answer.on('end', () => response.end());
      },
    );
    response.on('close', () => upstream.destroy());
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.listen(port);
  return { counts, url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * Opens `url` in Chromium (desktop size) and times it until `shown` resolves; the page stays open for
 * more measures in `then`, and the browser is closed afterwards.
 */
export async function timeInChromium<T>(
  url: string,
  shown: (page: Page) => Promise<void>,
  then: (page: Page, milliseconds: number) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const opened = Date.now();
    await page.goto(url);
    await shown(page);
    return await then(page, Date.now() - opened);
  } finally {
    await browser.close();
  }
}

export interface MemoryStep<T> {
  seconds: number;
  before: number;
  peak: number;
  result: T;
}

/** Runs one step while the server's resident memory (its document workers included) is sampled. */
export async function withMemory<T>(store: BenchStore, work: () => Promise<T>): Promise<MemoryStep<T>> {
  const before = rssOf(store.pid);
  const started = performance.now();
  let result!: T;
  const peak = await peakDuring(store.pid, async () => {
    result = await work();
  });
  return { seconds: (performance.now() - started) / 1000, before, peak, result };
}

const MB = 1024 * 1024;
export const megabytes = (bytes: number) => (bytes / MB).toFixed(0);

export interface HealthFigures {
  /** The slowest answer, in milliseconds. */
  slowest: number;
  failures: number;
}

/** Asks /api/health every 250 ms until `stop()`, which answers its slowest time and its failures. */
export function watchHealth(store: BenchStore): { stop(): Promise<HealthFigures> } {
  const figures: HealthFigures = { slowest: 0, failures: 0 };
  let running = true;
  const watching = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${store.base}/api/health`).catch(() => null);
      if (!answer?.ok) figures.failures += 1;
      figures.slowest = Math.max(figures.slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await watching;
      return figures;
    },
  };
}

/** The closing line of a bench run against the store: its memory idle and at peak, and its health. */
export function serverFigures(idle: number, peak: number, health: HealthFigures): string {
  return `server memory: idle ${megabytes(idle)} MB, peak ${megabytes(peak)} MB; /api/health slowest ${health.slowest.toFixed(0)} ms, failures ${health.failures}`;
}

/** Prints memory steps as a table: label, seconds, MB moved, resident before, peak, growth. */
export function printMemorySteps(steps: [string, MemoryStep<number>][], moved = 'MB'): void {
  console.log(`step | seconds | ${moved} | resident MB before | peak | growth`);
  for (const [label, run] of steps) {
    console.log(
      `${label} | ${run.seconds.toFixed(2)} | ${(run.result / MB).toFixed(1)} | ${megabytes(run.before)} | ${megabytes(run.peak)} | +${megabytes(run.peak - run.before)}`,
    );
  }
}

export { peakDuring, rssOf };
