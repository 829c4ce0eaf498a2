/**
 * The database: an embedded engine (PostgreSQL run as a child process, or PGlite in-process) or
 * node-postgres when a URL is given. One schema, one set of migrations, the same SQL on all of them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { serverPackageRoot } from '../lib/paths.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repository functions accept the database or a transaction. */
export type Executor = Db | Tx;

export type EmbeddedEngine = 'postgres' | 'pglite';

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The embedded PostgreSQL's postmaster, while it runs (for tests and benches). */
  postmasterPid?: () => number | undefined;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it, the embedded engine is used. */
  url?: string;
  /** The embedded engine without a URL: PGlite unless said otherwise. */
  engine?: EmbeddedEngine;
  /** The embedded engine's data directory; undefined means in memory (PGlite only). */
  dataDir?: string;
  /** As root, the system user the embedded PostgreSQL runs as. */
  systemUser?: string;
  log?: (message: string) => void;
  poolSize?: number;
  /** A PGlite data-directory dump to start from (tests start from an already-migrated one). */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const poolSize = options.poolSize ?? 10;
  const database = options.url
    ? openPg({ connectionString: options.url }, poolSize)
    : options.engine === 'postgres'
      ? await openEmbeddedPostgres(options, poolSize)
      : await openPglite(options.dataDir, options.pgliteSnapshot);
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  await runMigrations(database);
  return database;
}

function openPg(connection: pg.PoolConfig, poolSize: number): Database {
  // A database that does not answer fails a request in seconds (503), never holds it.
  const pool = new pg.Pool({ ...connection, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A dropped connection must not crash the process: an idle one is reported on the pool, one checked
  // out (between the statements of a transaction, say) on the client itself. Either way the query
  // that needed it fails (503), and the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'pg', close: () => pool.end() };
}

/** PostgreSQL as a child process on DATA_DIR/pg, locked to this process like PGlite's folder. */
async function openEmbeddedPostgres(options: DatabaseOptions, poolSize: number): Promise<Database> {
  if (!options.dataDir) throw new Error('The embedded PostgreSQL needs a data directory.');
  const dir = options.dataDir;
  const unlock = await lockDataDir(dir);
  let server;
  try {
    server = await startEmbeddedPostgres({ dir, poolSize, systemUser: options.systemUser, log: options.log });
  } catch (error) {
    await unlock();
    throw error;
  }
  const database = openPg(server.connection, poolSize);
  return {
    ...database,
    postmasterPid: () => server.pid(),
    close: async () => {
      await database.close();
      await server.stop();
      await unlock();
    },
  };
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    close: async () => {
      await client.close();
      await unlock();
    },
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * The embedded database belongs to one process: a second store on the same folder would overwrite
 * the first one's files. A lock next to the folder (`db.lock`, kept fresh while the store runs, stale
 * 10 s after a crash) makes a second start fail with a clear message instead. Beside it, `db.owner`
 * names the process holding it: a lock whose process is gone (a crash, kill -9) is taken over at once,
 * so a store started again right after a crash does not wait for the lock to go stale.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const ownerFile = `${dataDir}.owner`;
  const lock = () =>
    lockfile.lock(dataDir, {
      stale: 10_000,
      onCompromised: (error) => console.error(`The lock on ${dataDir} was lost: ${error.message}`),
    });
  let release: () => Promise<void>;
  try {
    release = await lock().catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || !ownerIsGone(ownerFile)) throw error;
      rmSync(`${dataDir}.lock`, { recursive: true, force: true });
      return lock();
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new Error(
      `Another store process is using the embedded database in ${dataDir} (it allows one process). ` +
        'Stop that process, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
      { cause: error },
    );
  }
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: hostname() }));
  return async () => {
    rmSync(ownerFile, { force: true });
    await release();
  };
}

/** True when the lock's owner was a process of this machine that no longer runs. */
function ownerIsGone(ownerFile: string): boolean {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as typeof owner;
  } catch {
    return false;
  }
  if (owner.host !== hostname() || typeof owner.pid !== 'number' || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (database.driver === 'pg') {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}

function findMigrationsFolder(): string {
  return path.join(serverPackageRoot(), 'drizzle');
}
