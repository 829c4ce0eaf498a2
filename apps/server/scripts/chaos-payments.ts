/**
 * `npm run chaos:payments`: kill -9 the store (and restart PostgreSQL) in the middle of payments, then
 * of refunds, and count the money and the books. Builds nothing itself: the root script builds the server first.
 *
 *   --trials N          trials per mode (default 200)
 *   --mode M            kill-server, restart-database or both (default both)
 *   --from-source       run src/server.ts through tsx instead of dist/server.js
 *   CHAOS_PORT          the store's port (default: a free one)
 *   CHAOS_PG_PORT       the throwaway PostgreSQL cluster's port (default: a free one)
 *   CHAOS_SERVER_ENTRY  another built server to try (default: this package's dist/server.js)
 *   --engine embedded   the store on its embedded PostgreSQL (DATA_DIR/pg) instead of a cluster of
 *                       ours: restart-database then kills the database process with SIGKILL (the store
 *                       starts it again)
 *   CHAOS_DATABASE_URL  kill-server mode only: use this PostgreSQL server (a throwaway database is
 *                       created on it and dropped) instead of a cluster of our own
 *
 * Exits 1 when any target is missed.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminQuery } from '../src/test/admin-query.js';
import { runPaymentsChaos, type ChaosMode, type ChaosReport } from '../src/test/chaos/payments-chaos.js';
import { PgCluster } from '../src/test/chaos/pg-cluster.js';
import { freePort } from '../src/test/free-port.js';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '200' },
    mode: { type: 'string', default: 'both' },
    'from-source': { type: 'boolean', default: false },
    engine: { type: 'string', default: 'server' },
  },
});
const trials = Number(values.trials);
// Ctrl-C or a kill ends through exit(), so the store and the PostgreSQL cluster are stopped too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const modes: ChaosMode[] = values.mode === 'both' ? ['kill-server', 'restart-database'] : [values.mode as ChaosMode];

async function runMode(mode: ChaosMode): Promise<ChaosReport> {
  if (values.engine === 'embedded') return runEmbedded(mode);
  const work = mkdtempSync(path.join(tmpdir(), `ebook-chaos-${mode}-`));
  const port = Number(process.env.CHAOS_PORT) || (await freePort());
  const useShared = mode === 'kill-server' && process.env.CHAOS_DATABASE_URL;
  const cluster = useShared
    ? undefined
    : await PgCluster.create(Number(process.env.CHAOS_PG_PORT) || (await freePort()));
  const serverUrl = useShared ? process.env.CHAOS_DATABASE_URL! : cluster!.url();
  const name = `ebook_chaos_${Date.now()}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  console.log(`▶ ${mode}: ${trials} trials, store on :${port}, database ${databaseUrl}`);
  try {
    return await runPaymentsChaos({
      mode,
      trials,
      databaseUrl,
      port,
      dataDir: path.join(work, 'data'),
      gatewayDir: path.join(work, 'gateway'),
      fromSource: values['from-source'],
      serverEntry: process.env.CHAOS_SERVER_ENTRY,
      restartDatabase: cluster ? () => cluster.restart() : undefined,
      log: (line) => console.log(`  ${line}`),
    });
  } finally {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    await cluster?.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The same trials on the store's embedded PostgreSQL: the harness counts through its socket. */
async function runEmbedded(mode: ChaosMode): Promise<ChaosReport> {
  const work = mkdtempSync(path.join(tmpdir(), `ebook-chaos-embedded-${mode}-`));
  chmodSync(work, 0o755); // as root, PostgreSQL runs as another user, which must reach the folder
  const dataDir = path.join(work, 'data');
  const clusterDir = path.join(dataDir, 'pg');
  const port = Number(process.env.CHAOS_PORT) || (await freePort());
  const databaseUrl = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(clusterDir)}`;
  console.log(`▶ ${mode} on the embedded PostgreSQL: ${trials} trials, store on :${port}, cluster ${clusterDir}`);
  try {
    return await runPaymentsChaos({
      mode,
      trials,
      databaseUrl,
      embedded: true,
      port,
      dataDir,
      gatewayDir: path.join(work, 'gateway'),
      fromSource: values['from-source'],
      serverEntry: process.env.CHAOS_SERVER_ENTRY,
      restartDatabase: () => killEmbeddedPostgres(clusterDir, databaseUrl),
      log: (line) => console.log(`  ${line}`),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** SIGKILL of the postmaster; returns once the store has started a new one and it answers. */
async function killEmbeddedPostgres(clusterDir: string, databaseUrl: string): Promise<void> {
  const pidOf = () => {
    try {
      return Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return 0;
    }
  };
  const killed = pidOf();
  process.kill(killed, 'SIGKILL');
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(50)) {
    const now = pidOf();
    if (
      now &&
      now !== killed &&
      (await adminQuery(databaseUrl, 'select 1').then(
        () => true,
        () => false,
      ))
    )
      return;
  }
  throw new Error('the store did not start its embedded PostgreSQL again within 120 s');
}

const reports: ChaosReport[] = [];
for (const mode of modes) reports.push(await runMode(mode));
console.table(
  Object.fromEntries(
    reports.map((report) => [
      report.mode,
      {
        trials: report.trials,
        'charges (kept+refunded)': report.charges,
        refunded: report.refunded,
        orders: report.orders,
        'charge, no order/refund': report.chargesWithoutOrderOrRefund,
        'order, no charge': report.ordersWithoutCharge,
        'book owned twice': report.booksOwnedTwice,
        'retry, other order': report.retriesWithoutSameOrder,
        'attempts unsettled': report.unsettledAttempts ?? 'n/a',
        'refunds (done)': `${report.refundTrials} (${report.refundsCompleted})`,
        'refund, books owned': report.refundsWithBooksOwned,
        'book gone, no refund': report.booksTakenWithoutRefund,
        'refund amount off': report.refundAmountMismatches,
        'refund retry failed': report.refundRetriesWithoutAnswer,
        'refunds unsettled': report.unsettledRefunds,
        seconds: Math.round(report.durationMs / 1000),
      },
    ]),
  ),
);
console.log(JSON.stringify(reports));
const missed = reports.some(
  (r) =>
    r.chargesWithoutOrderOrRefund > 0 ||
    r.ordersWithoutCharge > 0 ||
    r.booksOwnedTwice > 0 ||
    r.retriesWithoutSameOrder > 0 ||
    (r.unsettledAttempts ?? 0) > 0 ||
    r.refundsWithBooksOwned > 0 ||
    r.booksTakenWithoutRefund > 0 ||
    r.refundAmountMismatches > 0 ||
    r.refundRetriesWithoutAnswer > 0 ||
    r.unsettledRefunds > 0 ||
    r.refundsCompleted < r.refundsRetried,
);
process.exit(missed ? 1 : 0);
