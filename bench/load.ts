/**
 * Load benchmark against a running server (autocannon, 50 connections, 10 s per scenario):
 * GET /api/health as the reference, a library page (random pages, deep ones included), a search
 * (random terms, typos included), a book's detail and a cover thumbnail.
 *
 *   BENCH_URL=http://127.0.0.1:3000 npx tsx load.ts        # see README.md
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { knownItemQueries, readCatalogueCsv } from '@ebook/server/testing';
import { ADJECTIVES, LAST, NOUNS } from './vocabulary.js';

const baseUrl = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = process.env.BENCH_ONLY?.split(',');
/** Seconds of unmeasured load before each scenario (warms caches, JIT and the database's buffers). */
const warmup = Number(process.env.BENCH_WARMUP ?? 3);

const SEARCHES = [
  'silent harbour',
  'golden garden',
  'lighthouse',
  'moby',
  'pride prejudise',
  'winter voyage',
  'hawthorne',
  'recipes',
  'northern kingdom -island',
  '"scarlet letters"',
  'mountain',
  'forrest',
  'emerald isle',
];

interface ListAnswer {
  total: number;
  books: { _id: string }[];
}

const pick = <T>(values: T[]): T => values[Math.floor(Math.random() * values.length)]!;

/** A word with one letter dropped or two swapped (or as it is): what people type. */
function typo(word: string): string {
  const at = 1 + Math.floor(Math.random() * (word.length - 2));
  switch (Math.floor(Math.random() * 3)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default:
      return word;
  }
}

/** Mostly queries no cache has seen: two title words or an author, each maybe misspelt. */
function freshSearch(): string {
  const word = (words: string[]) => typo(pick(words).toLowerCase());
  return Math.random() < 0.7 ? `${word(ADJECTIVES)} ${word(NOUNS)}` : word(LAST);
}

/** The real catalogue's known-item queries (see search-quality.ts), shuffled; none when the CSV is absent. */
function realQueries(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const name = 'amazon-book30-test.csv';
  const csv = [
    process.env.SEARCH_CSV,
    path.join(root, '../shared/data', name),
    path.join(root, '../../shared/data', name),
  ]
    .filter((candidate): candidate is string => candidate !== undefined)
    .find((candidate) => existsSync(candidate));
  if (!csv) return [];
  return knownItemQueries(readCatalogueCsv(csv), 6_000, 20).map((query) => query.q);
}

/** Zipf (s = 1) over n ranks: rank 0 is asked most. */
function zipf(n: number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= n; rank += 1) cumulative.push((sum += 1 / rank));
  return () => {
    const target = Math.random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function run(name: string, nextPath: () => string) {
  if (only && !only.some((wanted) => name.startsWith(wanted))) return;
  const requests = [{ setupRequest: (request: { path?: string }) => ({ ...request, path: nextPath() }) }];
  if (warmup > 0) await autocannon({ url: baseUrl, connections, duration: warmup, requests });
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    requests,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${name.padEnd(34)} ${Math.round(result.requests.average).toLocaleString().padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${errors}`,
  );
}

async function main() {
  const first = await getJson<ListAnswer>('/api/books?page=1&limit=9');
  const pages = Math.max(1, Math.ceil(first.total / 9));
  const sample: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const page = 1 + Math.floor(Math.random() * Math.max(1, Math.floor(first.total / 100)));
    sample.push(...(await getJson<ListAnswer>(`/api/books?page=${page}&limit=100`)).books.map((book) => book._id));
  }
  console.log(`${baseUrl}: ${first.total.toLocaleString()} public books, ${pages.toLocaleString()} library pages`);
  console.log(`${connections} connections, ${duration} s each after ${warmup} s of warm-up\n`);

  await run('GET /api/health (reference)', () => '/api/health');
  await run(
    'library page (random, any depth)',
    () => `/api/books?page=${1 + Math.floor(Math.random() * pages)}&limit=9`,
  );
  await run(
    'library deep pages (last 10%)',
    () => `/api/books?page=${pages - Math.floor(Math.random() * pages * 0.1)}&limit=9`,
  );
  await run('search (random terms)', () => `/api/books?q=${encodeURIComponent(pick(SEARCHES))}&page=1&limit=9`);
  await run(
    'search (fresh queries, typos)',
    () => `/api/books?q=${encodeURIComponent(freshSearch())}&page=${1 + Math.floor(Math.random() * 3)}&limit=9`,
  );
  const real = realQueries().sort(() => Math.random() - 0.5);
  if (real.length === 0)
    console.log('(the real catalogue CSV was not found: set SEARCH_CSV for the real-query scenarios)');
  else {
    // Every request a query nobody asked before (titles, typos, half-typed, authors, surname + word).
    let next = 0;
    await run(
      'search (never-seen real queries)',
      () => `/api/books?q=${encodeURIComponent(real[next++ % real.length]!)}`,
    );
    // A popularity mix: 2,000 queries, the first asked most (Zipf, s = 1).
    const rank = zipf(2_000);
    const popular = real.slice(next, next + 2_000);
    await run('search (Zipf mix of real queries)', () => `/api/books?q=${encodeURIComponent(popular[rank()]!)}`);
    next += 2_000;
    await run(
      'suggest (never-seen prefixes)',
      () => `/api/books/suggest?q=${encodeURIComponent(real[next++ % real.length]!.slice(0, 3 + (next % 12)))}`,
    );
  }
  await run('detail', () => `/api/books/${pick(sample)}`);
  await run('cover thumbnail', () => `/api/books/${pick(sample)}/cover?size=card`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
