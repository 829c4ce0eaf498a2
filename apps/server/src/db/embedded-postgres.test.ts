/**
 * The embedded PostgreSQL's life cycle: it starts, keeps its data across restarts, belongs to one
 * store at a time, leaves no database process behind when the store is killed with SIGKILL (and stops
 * one left by an earlier crash), and takes over a store made on PGlite without losing anything. Runs
 * once, in the embedded run of the API suite (the rest of the suite runs on PGlite).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../lib/file-store.js';
import { freePort } from '../test/free-port.js';
import { waitFor } from '../test/wait-for.js';
import { openDatabase } from './client.js';
import { OUTSIDE_CLUSTERS } from './embedded-postgres.js';
import { moveFromPglite, movedPgliteDir } from './move-from-pglite.js';
import { books } from './schema/index.js';
import { bundledStore } from '../test/store-bundle.js';

const embeddedRun = !process.env.TEST_DATABASE_URL && process.env.TEST_FILE_STORE !== 's3';
const entry = bundledStore('server');
// As root, PostgreSQL runs as another user, which must be able to reach the folder.
const work = mkdtempSync(path.join(tmpdir(), 'ebook-embedded-pg-'));
chmodSync(work, 0o755);
const started: ChildProcess[] = [];
const postmasters: number[] = [];
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  // Any database process a failed test left is stopped by its watchdog once its store is gone.
  await waitFor(
    () => postmasters.filter(isAlive),
    (alive) => alive.length === 0,
  );
  rmSync(work, { recursive: true, force: true });
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A postmaster, its backends and helpers, and its watchdog: every process of one database server. */
function processesOf(postmaster: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, ppid, ...args]) => {
      const command = args.join(' ');
      return (
        Number(pid) === postmaster ||
        Number(ppid) === postmaster ||
        (command.includes('while read') && command.endsWith(` ${postmaster}`))
      );
    })
    .map(([pid]) => Number(pid));
}

function postmasterPid(clusterDir: string): number {
  const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  postmasters.push(pid);
  return pid;
}

/** The watchdog of a postmaster: the shell whose last argument is the postmaster's pid. */
function watchdogOf(pid: number): number | undefined {
  const table = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const line = table.split('\n').find((row) => row.includes('while read') && row.trim().endsWith(` ${pid}`));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

async function startStore(dataDir: string): Promise<{ store: ChildProcess; base: string }> {
  const port = await freePort();
  const store = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_ENGINE: 'postgres',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
    },
    stdio: 'ignore',
  });
  started.push(store);
  const base = `http://127.0.0.1:${port}`;
  const ready = await waitFor(
    () =>
      fetch(`${base}/api/ready`).then(
        (response) => response.ok,
        () => false,
      ),
    (ok) => ok || store.exitCode !== null,
    { timeoutMs: 240_000, intervalMs: 200 },
  );
  expect(ready, 'the store answers /api/ready').toBe(true);
  return { store, base };
}

describe.runIf(embeddedRun)('the embedded PostgreSQL', () => {
  it('starts, keeps its data across restarts, and belongs to one store at a time', async () => {
    const dir = path.join(work, 'one', 'pg');
    const first = await openDatabase({ engine: 'postgres', dataDir: dir });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('written by the first')`);
    const pid = first.postmasterPid!()!;
    postmasters.push(pid);
    expect(isAlive(pid)).toBe(true);

    await expect(openDatabase({ engine: 'postgres', dataDir: dir })).rejects.toThrow(
      /Another store process is using the embedded database in .*pg \(it allows one process\)/,
    );
    expect(isAlive(pid), 'the refused second store leaves the first one running').toBe(true);

    await first.close();
    expect(isAlive(pid), 'closing stops the database process').toBe(false);
    const second = await openDatabase({ engine: 'postgres', dataDir: dir });
    expect(rows(await second.db.execute(sql`select value from kept`))).toEqual([{ value: 'written by the first' }]);
    await second.close();
  }, 300_000);

  it.runIf(process.getuid?.() === 0)(
    'as root, keeps the cluster where its user can reach it when the folder is private',
    async () => {
      const privateDir = mkdtempSync(path.join(tmpdir(), 'ebook-private-')); // 0700, like /root
      const dir = path.join(privateDir, 'data', 'pg');
      try {
        const database = await openDatabase({ engine: 'postgres', dataDir: dir });
        postmasters.push(database.postmasterPid!()!);
        await database.db.execute(sql`create table kept (value text)`);
        await database.close();
        expect(lstatSync(dir).isSymbolicLink()).toBe(true);
        const cluster = realpathSync(dir);
        expect(cluster.startsWith(OUTSIDE_CLUSTERS)).toBe(true);
        const again = await openDatabase({ engine: 'postgres', dataDir: dir });
        expect(rows(await again.db.execute(sql`select count(*)::int as n from kept`))).toEqual([{ n: 0 }]);
        await again.close();
        rmSync(cluster, { recursive: true, force: true });
      } finally {
        rmSync(privateDir, { recursive: true, force: true });
      }
    },
    300_000,
  );

  it('is started again when its process dies under the store', async () => {
    const dir = path.join(work, 'restart', 'pg');
    const database = await openDatabase({ engine: 'postgres', dataDir: dir });
    const before = database.postmasterPid!()!;
    postmasters.push(before);
    process.kill(before, 'SIGKILL');
    // Queries fail while it is down, then answer again once it is back (a new process).
    const answered = await waitFor(
      () =>
        database.db.execute(sql`select 1 as one`).then(
          () => true,
          () => false,
        ),
      (ok) => ok && database.postmasterPid!() !== before,
      { timeoutMs: 180_000, intervalMs: 200 },
    );
    expect(answered).toBe(true);
    expect(database.postmasterPid!()).not.toBe(before);
    postmasters.push(database.postmasterPid!()!);
    await database.close();
  }, 300_000);

  it('takes over a store made on PGlite: every row, the PGlite folder kept', async () => {
    const dataDir = path.join(work, 'moved');
    const pgliteDir = path.join(dataDir, 'db');
    const fileStore = new LocalFileStore(path.join(dataDir, 'files'));
    const pglite = await openDatabase({ engine: 'pglite', dataDir: pgliteDir });
    await pglite.db.insert(books).values(
      Array.from({ length: 25 }, (_, i) => ({
        title: `Moved Volume ${i + 1}`,
        author: 'Ann Author',
        category: 'Arts & Photography',
        priceCents: 100 * i,
        story: 'A story.',
        description: 'Written on PGlite.',
        status: 'approved' as const,
        meta: {},
      })),
    );
    await pglite.close();

    // Through the store itself: its first start on the embedded PostgreSQL moves the data over.
    const { store, base } = await startStore(dataDir);
    const response = await fetch(`${base}/api/books?limit=50&q=Moved%20Volume`);
    const body = (await response.json()) as { total: number; books: { title: string }[] };
    expect(response.status).toBe(200);
    expect(body.total).toBe(25);
    expect(existsSync(path.join(movedPgliteDir(pgliteDir), 'PG_VERSION')), 'the PGlite folder is kept').toBe(true);
    expect(existsSync(pgliteDir)).toBe(false);
    const exited = new Promise((resolve) => store.once('exit', resolve));
    store.kill('SIGTERM');
    await exited;

    // Nothing left to move: a second call changes nothing.
    expect(await moveFromPglite({ pgliteDir, pgDir: path.join(dataDir, 'pg'), fileStore })).toBe(false);
  }, 400_000);

  it('leaves no database process when the store is killed with SIGKILL, and stops a stale one', async () => {
    const dataDir = path.join(work, 'killed');
    const clusterDir = path.join(dataDir, 'pg');
    const first = await startStore(dataDir);
    const pid = postmasterPid(clusterDir);
    expect(processesOf(pid).length, 'a postmaster, its helpers and its watchdog').toBeGreaterThan(3);
    first.store.kill('SIGKILL');
    const gone = await waitFor(
      () => processesOf(pid),
      (pids) => pids.length === 0,
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    expect(gone, 'no postmaster, backend or watchdog is left').toEqual([]);
    // The next store starts at once: the lock's owner is gone, so it does not wait for it to go stale.

    // A crash that takes the watchdog too (kill -9 of both) leaves the postmaster running: the next
    // store stops it, then starts its own.
    const second = await startStore(dataDir);
    const orphan = postmasterPid(clusterDir);
    const watchdog = watchdogOf(orphan);
    expect(watchdog, 'the postmaster has a watchdog').toBeDefined();
    process.kill(watchdog!, 'SIGKILL');
    second.store.kill('SIGKILL');
    await new Promise((resolve) => (second.store.exitCode === null ? second.store.once('exit', resolve) : resolve(0)));
    expect(isAlive(orphan), 'without its watchdog, the postmaster outlives the store').toBe(true);

    const third = await startStore(dataDir);
    expect(isAlive(orphan), 'the stale postmaster was stopped').toBe(false);
    const last = postmasterPid(clusterDir);
    expect(last).not.toBe(orphan);
    const exited = new Promise((resolve) => third.store.once('exit', resolve));
    third.store.kill('SIGTERM');
    await exited;
    const none = await waitFor(
      () => processesOf(last),
      (pids) => pids.length === 0,
    );
    expect(none).toEqual([]);
  }, 600_000);
});
