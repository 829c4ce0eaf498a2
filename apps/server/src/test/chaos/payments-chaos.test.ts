/**
 * The short version of `npm run chaos:payments`, in the PostgreSQL run of the API suite: a few kill -9
 * trials against the store bundled as for production on a throwaway database (mid-payment, then
 * mid-refund), and a few PostgreSQL restarts
 * on a cluster of our own when the PostgreSQL tools are installed. The full 200 trials run on demand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runPaymentsChaos, type ChaosMode, type ChaosReport } from './payments-chaos.js';
import { PgCluster, postgresToolsAvailable } from './pg-cluster.js';
import { freePort } from '../free-port.js';
import { bundledStore } from '../store-bundle.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const TRIALS = Number(process.env.CHAOS_TEST_TRIALS ?? 5);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

async function throwawayDatabase(url: string): Promise<string> {
  const name = `ebook_chaos_${randomBytes(6).toString('hex')}`;
  await admin(url, `create database ${name}`);
  cleanups.push(() => admin(url, `drop database if exists ${name} with (force)`));
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString();
}

async function run(mode: ChaosMode, databaseUrl: string, restartDatabase?: () => Promise<void>) {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-chaos-test-'));
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  return runPaymentsChaos({
    mode,
    trials: TRIALS,
    databaseUrl,
    port: await freePort(),
    dataDir: path.join(work, 'data'),
    gatewayDir: path.join(work, 'gateway'),
    serverEntry: bundledStore('server'),
    restartDatabase,
    attemptTimeoutMs: 15_000,
  });
}

function expectNothingLost(report: ChaosReport) {
  expect(report).toMatchObject({
    chargesWithoutOrderOrRefund: 0,
    ordersWithoutCharge: 0,
    booksOwnedTwice: 0,
    retriesWithoutSameOrder: 0,
    unsettledAttempts: 0,
    refundsWithBooksOwned: 0,
    booksTakenWithoutRefund: 0,
    refundAmountMismatches: 0,
    refundRetriesWithoutAnswer: 0,
    unsettledRefunds: 0,
  });
  expect(report.trials).toBe(TRIALS);
  // Every order had its refund asked for; every retried one was completed (an abandoned request the
  // blow fell on before the store wrote it down refunds nothing, and takes nothing back).
  expect(report.refundTrials).toBe(report.orders);
  expect(report.refundsCompleted).toBeGreaterThanOrEqual(report.refundsRetried);
}

describe.runIf(serverUrl)('payments under chaos (short run)', () => {
  it(`kill -9 of the store mid-payment and mid-refund, ${TRIALS} trials: no money or book lost or doubled`, async () => {
    expectNothingLost(await run('kill-server', await throwawayDatabase(serverUrl!)));
  }, 600_000);

  it.runIf(postgresToolsAvailable())(
    `PostgreSQL restarted mid-payment and mid-refund, ${TRIALS} trials: no money or book lost or doubled`,
    async () => {
      const cluster = await PgCluster.create(await freePort());
      cleanups.push(() => cluster.destroy());
      const report = await run('restart-database', await throwawayDatabase(cluster.url()), () => cluster.restart());
      expectNothingLost(report);
    },
    600_000,
  );
});
