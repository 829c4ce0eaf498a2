/**
 * A soak: the store as a real process on the demo catalogue (real books), under a steady mixed load for
 * a long time: visitors browse, search with words from the catalogue's own titles, open books and
 * covers; members wish, buy, download and submit books. Every 5 s the store's resident memory is read
 * from /proc; each window's p99 latency is kept. Errors are answers of 500 or above and requests that
 * got no answer. `npm run soak` runs 10 minutes; the API suite runs a short one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { StoreProcess } from '../chaos/payments-chaos.js';
import { freePort } from '../free-port.js';

export interface SoakOptions {
  seconds: number;
  /** Requests per second, spread over the virtual users. */
  rate: number;
  users: number;
  /**
   * The least number of requests to make: the soak goes on past its seconds until it has made them, so
   * that a busy machine, where the store answers more slowly, still puts the same load on it.
   */
  minRequests?: number;
  /** Run the TypeScript sources through tsx instead of dist/server.js. */
  fromSource?: boolean;
  /** The bundled server to run instead of dist/server.js. */
  serverEntry?: string;
  log?: (line: string) => void;
}

export interface SoakWindow {
  atSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  rssMb: number;
}

export interface SoakReport {
  /** How long the load ran (at least the seconds asked for; longer when it had requests to make). */
  seconds: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  byKind: Record<string, number>;
  /** Resident memory after warm-up (the first fifth of the run), at the end, and at most. */
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  windows: SoakWindow[];
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CARD = { cardHolder: 'Soak Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/30', cvv: '123' };
const WINDOW_MS = 5_000;

function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Member {
  headers: Record<string, string>;
  cardId: string;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-soak-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = options.fromSource
    ? ['--import', 'tsx', path.join(serverRoot, 'src', 'server.ts')]
    : [options.serverEntry ?? path.join(serverRoot, 'dist', 'server.js')];
  const store = new StoreProcess(
    args,
    {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: path.join(work, 'data'),
      // The engine the soak's figures were measured on (DATABASE_ENGINE=postgres for the default).
      DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
      SIMULATED_GATEWAY_DIR: path.join(work, 'gateway'),
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: 'soak-admin-password',
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      LOGIN_FAILURES_BEFORE_DELAY: '10000',
      SEARCHES_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
    baseUrl,
    path.join(work, 'store.log'),
  );
  const report: SoakReport = {
    seconds: options.seconds,
    requests: 0,
    errors: 0,
    errorSamples: [],
    byKind: {},
    rssStartMb: 0,
    rssEndMb: 0,
    rssMaxMb: 0,
    windows: [],
  };
  try {
    await store.start();
    const pid = store.pid!;
    const catalogue = (await (await fetch(`${baseUrl}/api/books?limit=100`)).json()) as {
      books: { _id: string; title: string; isFree: boolean }[];
    };
    const words = [
      ...new Set(
        catalogue.books.flatMap((book) =>
          book.title
            .toLowerCase()
            .split(/\W+/)
            .filter((w) => w.length > 3),
        ),
      ),
    ];
    const paid = catalogue.books.filter((book) => !book.isFree).map((book) => book._id);
    const free = catalogue.books.filter((book) => book.isFree).map((book) => book._id);
    const pdf = Buffer.from(await soakPdf());

    let latencies: number[] = [];
    const request = async (
      kind: string,
      method: string,
      url: string,
      headers: Record<string, string> = {},
      body?: unknown,
    ) => {
      const started = performance.now();
      try {
        const isForm = body instanceof FormData;
        const response = await fetch(`${baseUrl}${url}`, {
          method,
          headers: body === undefined || isForm ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const bytes = await response.arrayBuffer();
        latencies.push(performance.now() - started);
        report.requests += 1;
        report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
        if (response.status >= 500) {
          report.errors += 1;
          if (report.errorSamples.length < 10) report.errorSamples.push(`${method} ${url} → ${response.status}`);
        }
        return {
          status: response.status,
          json: () => JSON.parse(Buffer.from(bytes).toString()) as Record<string, unknown>,
        };
      } catch (error) {
        report.requests += 1;
        report.errors += 1;
        if (report.errorSamples.length < 10) report.errorSamples.push(`${method} ${url} → ${(error as Error).message}`);
        return { status: 0, json: () => ({}) };
      }
    };
    const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

    async function newMember(n: number): Promise<Member> {
      const email = `soak-${n}-${Date.now()}@example.com`;
      const password = 'soak-reader-password-42';
      await request(
        'register',
        'POST',
        '/api/auth/register',
        {},
        { name: 'Soak Reader', email, phone: '+94771234567', password },
      );
      const login = (await request('login', 'POST', '/api/auth/login', {}, { email, password })).json() as {
        token?: string;
      };
      const headers = { authorization: `Bearer ${login.token ?? ''}` };
      const card = (await request('save card', 'POST', '/api/payment', headers, CARD)).json() as {
        card?: { _id: string };
      };
      return { headers, cardId: card.card?._id ?? '' };
    }

    /** One step of a user's visit, chosen by weight. */
    async function step(member: Member, n: number) {
      const roll = Math.random();
      if (roll < 0.3)
        await request(
          'browse',
          'GET',
          `/api/books?page=${1 + Math.floor(Math.random() * 4)}&sort=${any(['newest', 'title', 'price-asc'])}`,
        );
      else if (roll < 0.5)
        await request(
          'search',
          'GET',
          `/api/books?q=${encodeURIComponent(any(words))}${Math.random() < 0.3 ? 'x' : ''}`,
        );
      else if (roll < 0.65) await request('view', 'GET', `/api/books/${any(catalogue.books)._id}`);
      else if (roll < 0.75)
        await request('cover', 'GET', `/api/books/${any(catalogue.books)._id}/cover?size=${any(['small', 'medium'])}`);
      else if (roll < 0.82)
        await request('wishlist', 'POST', '/api/wishlist/add', member.headers, { bookId: any(catalogue.books)._id });
      else if (roll < 0.9) {
        const bookId = any(paid);
        await request('cart', 'POST', '/api/cart/add', member.headers, { bookId });
        await request(
          'buy',
          'POST',
          '/api/orders',
          { ...member.headers, 'idempotency-key': `soak-${n}-${Math.random()}` },
          {
            books: [bookId],
            paymentId: member.cardId,
          },
        );
        await request('download', 'GET', `/api/books/${bookId}/pdf`, member.headers);
      } else if (roll < 0.97)
        await request('download', 'GET', `/api/books/${any(free)}/pdf`, { range: 'bytes=0-65535' });
      else {
        const form = new FormData();
        const fields = {
          title: `Soak Manuscript ${n}`,
          author: 'Soak Author',
          category: 'Arts & Photography',
          price: '0',
          story: 'A story.',
          description: 'A soak test book.',
        };
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('pdf', new Blob([pdf], { type: 'application/pdf' }), 'manuscript.pdf');
        await request('upload', 'POST', '/api/books/', member.headers, form);
      }
    }

    const started = Date.now();
    const deadline = started + options.seconds * 1000;
    const perUserGapMs = (1000 * options.users) / options.rate;
    const sampler = setInterval(() => {
      const sorted = latencies.sort((a, b) => a - b);
      const rss = residentMb(pid);
      report.windows.push({
        atSecond: Math.round((Date.now() - started) / 1000),
        requests: sorted.length,
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        rssMb: Math.round(rss),
      });
      report.rssMaxMb = Math.max(report.rssMaxMb, Math.round(rss));
      const last = report.windows.at(-1)!;
      if (last.atSecond % 60 < WINDOW_MS / 1000)
        log(
          `${last.atSecond} s: ${report.requests} requests, p99 ${last.p99Ms} ms, ${last.rssMb} MB, ${report.errors} errors`,
        );
      latencies = [];
    }, WINDOW_MS);
    await Promise.all(
      Array.from({ length: options.users }, async (_, user) => {
        const member = await newMember(user);
        let n = 0;
        while (Date.now() < deadline || report.requests < (options.minRequests ?? 0)) {
          const next = Date.now() + perUserGapMs * (0.5 + Math.random());
          await step(member, user * 1_000_000 + n++);
          await sleep(Math.max(0, next - Date.now()));
        }
      }),
    );
    clearInterval(sampler);
    report.seconds = Math.round((Date.now() - started) / 1000);
    const warm = report.windows.filter((window) => window.atSecond >= options.seconds / 5);
    report.rssStartMb = warm[0]?.rssMb ?? 0;
    report.rssEndMb = report.windows.at(-1)?.rssMb ?? 0;
    return report;
  } finally {
    await store.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function soakPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < 3; i++) document.addPage().drawText(`Soak manuscript page ${i + 1}`, { x: 50, y: 700 });
  return document.save();
}
