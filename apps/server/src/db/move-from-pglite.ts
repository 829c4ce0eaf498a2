/**
 * Moving a store made on PGlite (DATA_DIR/db) to the embedded PostgreSQL (DATA_DIR/pg), at the first
 * start on the new engine. It goes through the store's own backup and restore (the same checks, the
 * same format): the PGlite database is backed up, restored into a new cluster made aside, and only when
 * all of it is in is the cluster put in place. The PGlite folder is kept, renamed, never deleted; a move
 * cut short (a crash, a full disk) leaves it untouched and is made again from the start next time.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { backupStore, restoreStore } from '../backup/backup.js';
import type { FileStore } from '../lib/file-store.js';
import { openDatabase } from './client.js';

export interface MoveFromPgliteInput {
  /** The PGlite data directory (DATA_DIR/db). */
  pgliteDir: string;
  /** The embedded PostgreSQL cluster (DATA_DIR/pg). */
  pgDir: string;
  fileStore: FileStore;
  systemUser?: string;
  log?: (message: string) => void;
}

/** Where the PGlite folder goes once its data is in PostgreSQL. */
export const movedPgliteDir = (pgliteDir: string) => `${pgliteDir}.moved-to-postgres`;

/** Returns true when data was moved. */
export async function moveFromPglite({
  pgliteDir,
  pgDir,
  fileStore,
  systemUser,
  log = () => {},
}: MoveFromPgliteInput): Promise<boolean> {
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) return false;
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`${pgliteDir} (PGlite) is left as it is: the store already runs on the PostgreSQL cluster in ${pgDir}`);
    return false;
  }
  const staging = `${pgDir}.moving`;
  const exported = `${pgliteDir}.export`;
  await rm(staging, { recursive: true, force: true });
  await rm(exported, { recursive: true, force: true });
  await rm(`${exported}.partial`, { recursive: true, force: true });
  log(`moving the PGlite database in ${pgliteDir} to PostgreSQL (a backup, then a restore)`);

  const source = await openDatabase({ engine: 'pglite', dataDir: pgliteDir, poolSize: 1 });
  try {
    await backupStore({ db: source.db, fileStore }, exported, { info: log });
  } finally {
    await source.close();
  }
  const target = await openDatabase({ engine: 'postgres', dataDir: staging, poolSize: 2, systemUser, log });
  try {
    await restoreStore({ db: target.db, fileStore }, exported, { info: log });
  } finally {
    await target.close();
  }

  await rm(pgDir, { recursive: true, force: true });
  await rename(staging, pgDir);
  const kept = existsSync(movedPgliteDir(pgliteDir))
    ? `${movedPgliteDir(pgliteDir)}-${Date.now()}`
    : movedPgliteDir(pgliteDir);
  await rename(pgliteDir, kept);
  await rm(exported, { recursive: true, force: true });
  log(`moved; the PGlite folder is kept as ${kept} (delete it when you no longer need it)`);
  return true;
}
