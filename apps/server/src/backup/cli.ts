/**
 * `npm run backup [-- <dir>]` and `npm run restore -- <dir>`, with the store's own configuration
 * (DATA_DIR, DATABASE_URL, FILE_STORE and the S3 settings, as `npm start` reads them).
 *
 * On the embedded database the store must be stopped first: its data directory belongs to one process.
 * On PostgreSQL a backup can be made while the store runs; it reads one consistent snapshot.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/index.js';
import { openConfiguredDatabase } from '../db/open-configured.js';
import { fileStoreFromConfig } from '../lib/file-store-from-config.js';
import { BackupError, backupStore, restoreStore } from './backup.js';

const usage = 'usage: backup [<dir>] | restore <dir>';

async function main(): Promise<number> {
  const [command, target] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    console.error(usage);
    return 2;
  }
  if (command === 'restore' && !target) {
    console.error(`restore needs the backup's directory\n${usage}`);
    return 2;
  }
  // Moving data takes no payments: the production guard on the simulated gateway does not apply.
  const config = loadConfig({ ...process.env, ALLOW_SIMULATED_PAYMENTS: 'true' });
  const dir = path.resolve(target ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-')));
  const fileStore = fileStoreFromConfig(config);
  const database = await openConfiguredDatabase({ config, fileStore, poolSize: 2, log: console.log });
  const log = { info: (message: string) => console.log(`  ${message}`) };
  try {
    if (command === 'backup') {
      console.log(`Backing up the ${database.driver === 'pg' ? 'PostgreSQL' : 'embedded'} database to ${dir}`);
      const manifest = await backupStore({ db: database.db, fileStore }, dir, log);
      console.log(
        `Done: ${Object.values(manifest.tables).reduce((a, b) => a + b, 0)} rows, ${manifest.files.count} files.`,
      );
    } else {
      console.log(`Restoring ${dir} into the ${database.driver === 'pg' ? 'PostgreSQL' : 'embedded'} database`);
      await restoreStore({ db: database.db, fileStore }, dir, log);
      console.log('Done. Start the store as usual.');
    }
    return 0;
  } finally {
    fileStore.close?.();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
