/**
 * The database: PGlite in-process (embedded default) or node-postgres when a URL is given.
 * One schema, one set of migrations, the same SQL on both.
 */
import { mkdirSync } from 'node:fs';
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
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repository functions accept the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it, PGlite is used. */
  url?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  poolSize?: number;
  /** A PGlite data-directory dump to start from (tests start from an already-migrated one). */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? openPg(options.url, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.pgliteSnapshot);
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  await runMigrations(database);
  return database;
}

function openPg(url: string, poolSize: number): Database {
  // A database that does not answer fails a request in seconds (503), never holds it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A dropped connection must not crash the process: an idle one is reported on the pool, one checked
  // out (between the statements of a transaction, say) on the client itself. Either way the query
  // that needed it fails (503), and the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'pg', close: () => pool.end() };
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
 * 10 s after a crash) makes a second start fail with a clear message instead.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      stale: 10_000,
      onCompromised: (error) => console.error(`The lock on ${dataDir} was lost: ${error.message}`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new Error(
      `Another store process is using the embedded database in ${dataDir} (it allows one process). ` +
        'Stop that process, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
      { cause: error },
    );
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
