/** Starts the store: configuration, database (migrated, seeded on first run), HTTP, graceful shutdown. */
import { buildApp, type App } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/index.js';
import { openConfiguredDatabase } from './db/open-configured.js';
import { seedOnFirstRun } from './db/seed/index.js';
import { fileStoreFromConfig } from './lib/file-store-from-config.js';
import { loggerOptions } from './lib/logger.js';

async function main(): Promise<void> {
  const started = Date.now();
  // `npm start` passes --allow-simulated-payments: the demo store runs in production mode on the
  // simulated gateway, explicitly (and says so in the log). ALLOW_SIMULATED_PAYMENTS, when set to
  // something other than the empty string (which, like every empty variable, means unset), wins.
  const config = loadConfig(
    process.argv.includes('--allow-simulated-payments')
      ? { ...process.env, ALLOW_SIMULATED_PAYMENTS: process.env.ALLOW_SIMULATED_PAYMENTS || 'true' }
      : process.env,
  );
  const logger = loggerOptions(config.LOG_LEVEL);
  const fileStore = fileStoreFromConfig(config);
  const database = await openConfiguredDatabase({
    config,
    fileStore,
    log: (message) => console.log(message),
  });
  let app: App | undefined;
  try {
    app = await buildApp({ config, database, logger, fileStore });
    await seedOnFirstRun({ db: database.db, fileStore, config, log: app.log });
    await serve(app, config);
  } catch (error) {
    // Close the database properly: the embedded one writes its files and releases its lock.
    await (app ? app.close() : database.close());
    throw error;
  }
  app.log.info(
    { database: database.postmasterPid ? 'embedded postgres' : database.driver, startupMs: Date.now() - started },
    `E-book store ready at http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`,
  );
}

/** Listens, and shuts down gracefully on SIGINT and SIGTERM. */
async function serve(app: App, config: Config): Promise<void> {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const forced = setTimeout(() => process.exit(1), 10_000);
      forced.unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The store could not start:', error);
  }
  process.exit(1);
});
