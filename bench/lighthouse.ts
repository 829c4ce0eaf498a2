/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, CPU slowed 4 times) on the home
 * page, the library and a book page of the built store, with the demo catalogue it seeds on a fresh
 * data folder. Prints performance, accessibility and best practices per page, the largest paint, the
 * blocking time, and the scripts sent (bytes on the wire, and how many of them before the page was
 * interactive).
 *
 *   npm run build && npm run lighthouse -w bench [-- --before /path/to/an/older/checkout --runs 3]
 *
 * `--why` lists the audits each page fails.
 * `--before` names another checkout of the store, built (`npm run build` there), to measure in the same
 * run, page after page, so both see the same machine; `--runs` takes the median of that many runs per
 * page (1); `--port N` puts the stores on N and N+1 (3290); `--save <dir>` writes each run's full report
 * there (`<page>-<build>-<run>.json`, for Lighthouse's viewer or a closer look at one audit).
 * Chromium: CHROMIUM_PATH (/usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { waitUntilReady } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

interface Store {
  label: string;
  port: number;
  server: ChildProcess;
  dataDir: string;
}

async function startStore(label: string, checkout: string, port: number): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ebook-lighthouse-${label}-`));
  const server = spawn(
    process.execPath,
    [path.join(checkout, 'apps/server/dist/server.js'), '--allow-simulated-payments'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        // The engine this bench's figures were measured on (DATABASE_ENGINE=postgres for the default).
        DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'lighthouse-admin-password',
        SEARCHES_PER_MINUTE: '100000',
      },
    },
  );
  const store = { label, port, server, dataDir };
  try {
    // A fresh store seeds its demo catalogue first: on a busy machine that takes a while.
    await waitUntilReady(port, 600);
  } catch (error) {
    await stopStore(store);
    throw error;
  }
  return store;
}

async function stopStore(store: Store): Promise<void> {
  const exited = new Promise((resolve) => store.server.once('exit', resolve));
  store.server.kill('SIGTERM');
  await exited;
  rmSync(store.dataDir, { recursive: true, force: true });
  rmSync(`${store.dataDir}-gateway`, { recursive: true, force: true });
}

/** The first book of the home page's catalogue, once the seed has made it. */
async function aBookId(port: number): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await fetch(`http://127.0.0.1:${port}/api/books?limit=1&type=paid`);
    const body = (await response.json()) as { books?: { _id: string }[] };
    if (body.books?.[0]) return body.books[0]._id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the demo catalogue has no books');
}

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  scriptKb: number;
  scriptBeforeInteractiveKb: number;
}

function measure(lhr: Result): Measure {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const interactive = lhr.audits.interactive?.numericValue ?? Infinity;
  const items = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
    networkEndTime?: number;
  }[];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  const kb = (list: typeof scripts) => Math.round(list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    scriptKb: kb(scripts),
    scriptBeforeInteractiveKb: kb(scripts.filter((item) => (item.networkEndTime ?? 0) <= interactive)),
  };
}

/** The accessibility and best-practice audits a page fails, and the performance ones that cost most. */
function failing(lhr: Result): string[] {
  const ids = ['accessibility', 'best-practices'].flatMap(
    (category) => lhr.categories[category]?.auditRefs.map((ref) => ref.id) ?? [],
  );
  const failed = ids.filter((id) => {
    const audit = lhr.audits[id];
    return audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative';
  });
  const slow = ['largest-contentful-paint-element', 'bootup-time', 'unused-javascript', 'render-blocking-resources']
    .map((id) => lhr.audits[id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit!.id} (${audit!.displayValue ?? ''})`);
  // What the console said, so an error can be traced to its cause.
  type ConsoleItem = { source?: string; description?: string; sourceLocation?: { url?: string } };
  const consoleItems = (lhr.audits['errors-in-console']?.details as { items?: ConsoleItem[] } | undefined)?.items;
  const logged = (consoleItems ?? []).map((item) =>
    `console ${item.source ?? ''}: ${item.description ?? ''} ${item.sourceLocation?.url ?? ''}`.trim(),
  );
  return [...failed, ...slow, ...logged];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const before = option('before');
  const runs = Number(option('runs') ?? 1);
  // The two stores listen on this port and the next (3290 and 3291 unless `--port` says otherwise).
  const port = Number(option('port') ?? 3290);
  const save = option('save');
  if (save) mkdirSync(save, { recursive: true });
  const stores: Store[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    if (before) stores.push(await startStore('before', path.resolve(before), port));
    stores.push(await startStore(before ? 'after' : 'this build', root, port + 1));
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    const pages: { name: string; path: (id: string) => string }[] = [
      { name: 'home', path: () => '/' },
      { name: 'library', path: () => '/#/library' },
      { name: 'book page', path: (id) => `/#/book/${id}` },
    ];
    const ids = new Map<Store, string>();
    for (const store of stores) ids.set(store, await aBookId(store.port));
    const results: { page: string; store: string; measure: Measure }[] = [];
    for (const page of pages) {
      for (const store of stores) {
        const measures: Measure[] = [];
        for (let run = 0; run < runs; run += 1) {
          const url = `http://127.0.0.1:${store.port}${page.path(ids.get(store)!)}`;
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
          // A run Lighthouse could not record (NO_NAVSTART on a loaded machine) scores 0: left out.
          if (result.lhr.runtimeError) {
            console.log(`${page.name} (${store.label}): run ${run + 1} failed, ${result.lhr.runtimeError.code}`);
            continue;
          }
          measures.push(measure(result.lhr));
          if (save) {
            const name = `${page.name}-${store.label}-${run + 1}.json`.replaceAll(' ', '-');
            writeFileSync(path.join(save, name), JSON.stringify(result.lhr));
          }
          if (process.argv.includes('--why'))
            console.log(`${page.name} (${store.label}): ${failing(result.lhr).join(', ')}`);
        }
        if (measures.length === 0) throw new Error(`no run of ${page.name} (${store.label}) succeeded`);
        const pick = (key: keyof Measure) => median(measures.map((entry) => entry[key]));
        results.push({
          page: page.name,
          store: store.label,
          measure: {
            performance: pick('performance'),
            accessibility: pick('accessibility'),
            bestPractices: pick('bestPractices'),
            lcpMs: pick('lcpMs'),
            tbtMs: pick('tbtMs'),
            scriptKb: pick('scriptKb'),
            scriptBeforeInteractiveKb: pick('scriptBeforeInteractiveKb'),
          },
        });
        process.stderr.write('.');
      }
    }
    process.stderr.write('\n');
    console.log(
      '| Page | build | performance | accessibility | best practices | largest paint | blocking time | scripts (before interactive) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const { page, store, measure: m } of results) {
      console.log(
        `| ${page} | ${store} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ` +
          `${(m.lcpMs / 1000).toFixed(1)} s | ${m.tbtMs} ms | ${m.scriptKb} KB (${m.scriptBeforeInteractiveKb} KB) |`,
      );
    }
  } finally {
    chrome?.kill();
    for (const store of stores) await stopStore(store);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
