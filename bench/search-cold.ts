/**
 * The cold search latency over HTTP: known-item queries of the real catalogue (../shared/data, or
 * SEARCH_CSV) that load.ts does not ask (another seed), one at a time, each asked once; prints p50 and
 * p90. Run it against a server started as for load.ts: BENCH_URL=http://127.0.0.1:3104 npm run search-cold
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { knownItemQueries, readCatalogueCsv } from '@ebook/server/testing';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3104';
const seed = Number(process.env.SEED ?? 77);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const csv = [process.env.SEARCH_CSV, path.join(root, '../shared/data/amazon-book30-test.csv')]
  .filter((candidate): candidate is string => candidate !== undefined)
  .find((candidate) => existsSync(candidate));
if (!csv) throw new Error('The real catalogue CSV was not found: set SEARCH_CSV.');

// 200 of each kind of query (titles, typos, half-typed, authors, surname + word).
const queries = knownItemQueries(readCatalogueCsv(csv), 200, seed).map((query) => query.q);
const times: number[] = [];
for (const q of queries) {
  const started = performance.now();
  const response = await fetch(`${url}/api/books?q=${encodeURIComponent(q)}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${q}: HTTP ${response.status}`);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.floor(share * (times.length - 1))]!.toFixed(1);
console.log(`cold search over HTTP, ${times.length} never-seen queries: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms`);
