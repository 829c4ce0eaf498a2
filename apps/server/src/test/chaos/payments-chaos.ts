/**
 * Chaos trials for payments, run against the real server process on PostgreSQL. In each trial a new
 * member pays for one paid book, and 0–40 ms after the payment request is sent either the server is
 * killed with SIGKILL and started again ('kill-server'), or PostgreSQL is restarted in immediate mode,
 * cutting every connection mid-transaction ('restart-database'). Even trials then retry with the same
 * Idempotency-Key (a browser retrying); odd trials walk away (a closed tab). Once the reconciler has
 * settled every attempt, the money is counted against the simulated gateway's own ledger:
 *   charges without an order or a refund, orders without a (kept) charge, books paid twice, and
 *   retries that did not all answer with the same order.
 * Then the refunds: the admin refunds each order whole, and 0–40 ms later the same blow falls; even
 * refunds are retried with the same Idempotency-Key, odd ones left to the reconciler. Once no refund
 * is pending: refunds whose books are still owned, books taken back without their refund at the
 * gateway, and orders whose refunded amount differs from what the gateway gave back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SimulatedLedger } from '../../modules/payment/gateway/simulated-ledger.js';
import { simulatedLedgerFile } from '../../modules/payment/gateway/simulated-gateway.js';

export type ChaosMode = 'kill-server' | 'restart-database';

export interface ChaosOptions {
  mode: ChaosMode;
  trials: number;
  /** The throwaway database the server runs on (the harness counts the money there). */
  databaseUrl: string;
  /** The store runs its embedded PostgreSQL (DATA_DIR/pg); databaseUrl then names its socket. */
  embedded?: boolean;
  port: number;
  dataDir: string;
  gatewayDir: string;
  /** Run the TypeScript sources through tsx instead of the built dist/server.js. */
  fromSource?: boolean;
  /** Another built server to try (e.g. an older release's dist/server.js). */
  serverEntry?: string;
  /** Restarts PostgreSQL (restart-database mode). */
  restartDatabase?: () => Promise<void>;
  /** The store's PAYMENT_ATTEMPT_TIMEOUT_MS (default 20 s): never-charged attempts expire after it. */
  attemptTimeoutMs?: number;
  /** Longest wait for the reconciler to settle every attempt. */
  settleTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RefundCounts {
  /** Refunds asked for (one per order), retried by the admin, and completed in the end. */
  refundTrials: number;
  refundsRetried: number;
  refundsCompleted: number;
  /** A completed refund whose buyer still owns one of its books. */
  refundsWithBooksOwned: number;
  /** A book no longer owned with no refund for it, or with a refund the gateway never made. */
  booksTakenWithoutRefund: number;
  /** An order whose refunded amount is not what the gateway gave back for its charge. */
  refundAmountMismatches: number;
  /** Retried refunds that did not end with an answer showing the order refunded. */
  refundRetriesWithoutAnswer: number;
  /** Refunds still pending after the wait. */
  unsettledRefunds: number;
}

export interface ChaosReport extends RefundCounts {
  mode: ChaosMode;
  trials: number;
  retried: number;
  abandoned: number;
  /** Charges the gateway took (kept or refunded). */
  charges: number;
  refunded: number;
  orders: number;
  /** Money taken with nothing to show for it: a kept charge with no order. */
  chargesWithoutOrderOrRefund: number;
  /** Books given without money: an order whose charge is missing, refunded or of another amount. */
  ordersWithoutCharge: number;
  booksOwnedTwice: number;
  /** Retries that failed, or did not all answer with the order recorded for their key. */
  retriesWithoutSameOrder: number;
  /** Attempts still pending or charged after the wait (none when the reconciler has done its work). */
  unsettledAttempts: number | null;
  attemptStatuses: Record<string, number> | null;
  durationMs: number;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PASSWORD = 'chaos-reader-password-42';
const CARD = { cardHolder: 'Chaos Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/30', cvv: '123' };

/** A query that outlives a PostgreSQL restart (its pooled connections die with the old server). */
async function query<R extends pg.QueryResultRow>(db: pg.Pool, text: string, values?: unknown[]) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.query<R>(text, values);
    } catch (error) {
      if (attempt >= 50 || (error as { code?: string }).code?.match(/^(22|23|42)/)) throw error;
      await sleep(200);
    }
  }
}

interface Member {
  userId: string;
  headers: Record<string, string>;
  cardId: string;
}

interface Trial {
  member: Member;
  bookId: string;
  key: string;
  retry: boolean;
  retryOrderIds: string[];
  retryFailures: string[];
}

/** The store as a child process: started, killed, started again. */
export class StoreProcess {
  private child: ChildProcess | undefined;
  private readonly logStream;

  constructor(
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    readonly baseUrl: string,
    readonly logFile: string,
  ) {
    this.logStream = createWriteStream(logFile, { flags: 'a' });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(timeoutMs = 180_000): Promise<void> {
    const child = spawn(process.execPath, this.args, { cwd: serverRoot, env: this.env, stdio: 'pipe' });
    child.stdout.pipe(this.logStream, { end: false });
    child.stderr.pipe(this.logStream, { end: false });
    this.child = child;
    // Never leave a store behind when the trials are stopped (Ctrl-C ends the script with exit()).
    const orphanGuard = () => child.kill('SIGKILL');
    process.once('exit', orphanGuard);
    child.once('exit', () => process.off('exit', orphanGuard));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the store exited while starting (see ${this.logFile}):\n${tail(this.logFile)}`);
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/ready`, { signal: AbortSignal.timeout(5000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`the store did not become ready in ${timeoutMs} ms:\n${tail(this.logFile)}`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM');
    this.logStream.end();
  }
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '';
}

/** Environment for the store in the trials: fast reconciliation, simulated payments allowed. */
export function chaosServerEnv(options: ChaosOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.embedded ? '' : options.databaseUrl,
    DATABASE_ENGINE: 'postgres',
    DATABASE_POOL_SIZE: '5',
    DATA_DIR: options.dataDir,
    SIMULATED_GATEWAY_DIR: options.gatewayDir,
    ALLOW_SIMULATED_PAYMENTS: 'true',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'chaos-admin-password',
    LOGIN_ATTEMPTS_PER_MINUTE: '10000',
    LOG_LEVEL: 'warn',
    PAYMENT_RECONCILE_INTERVAL_MS: '1000',
    PAYMENT_ATTEMPT_TIMEOUT_MS: String(options.attemptTimeoutMs ?? 20_000),
  };
}

export async function runPaymentsChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const args = options.fromSource
    ? ['--import', 'tsx', path.join(serverRoot, 'src', 'server.ts')]
    : [options.serverEntry ?? path.join(serverRoot, 'dist', 'server.js')];
  mkdirSync(options.dataDir, { recursive: true });
  const store = new StoreProcess(args, chaosServerEnv(options), baseUrl, path.join(options.dataDir, 'store.log'));
  const db = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  db.on('error', () => {});
  const trials: Trial[] = [];
  try {
    await store.start();
    for (let index = 0; index < options.trials; index++) {
      const trial = await runTrial(options, store, db, baseUrl, index);
      trials.push(trial);
      if ((index + 1) % 10 === 0) log(`${options.mode}: ${index + 1}/${options.trials} trials`);
    }
    const settleMs = options.settleTimeoutMs ?? 2 * (options.attemptTimeoutMs ?? 20_000) + 10_000;
    const attempts = await settle(db, settleMs);
    for (const trial of trials.filter((t) => t.retry)) await confirmRetry(baseUrl, trial);
    const report = await count(options, db, trials, attempts);
    const refundTrials = await runRefundTrials(options, store, db, baseUrl, log);
    const refundReport = await countRefunds(options, db, refundTrials, await settleRefunds(db, settleMs));
    return { ...report, ...refundReport, durationMs: Date.now() - started };
  } finally {
    await store.stop();
    await db.end();
  }
}

async function disrupt(options: ChaosOptions, store: StoreProcess, sent: Promise<unknown>) {
  await sleep(Math.floor(Math.random() * 41));
  if (options.mode === 'kill-server') {
    await store.kill();
    await sent;
    await store.start();
  } else {
    await options.restartDatabase!();
    await sent;
  }
}

async function runTrial(options: ChaosOptions, store: StoreProcess, db: pg.Pool, baseUrl: string, index: number) {
  const member = await createMember(baseUrl);
  const bookId = await createPaidBook(db, index);
  await call(baseUrl, 'POST', '/api/cart/add', member.headers, { bookId }, [201]);
  const key = `chaos-${randomUUID()}`;
  const body = { books: [bookId], paymentId: member.cardId };
  const sent = fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...member.headers, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  }).then(
    (response) => response.status,
    () => null,
  );
  await disrupt(options, store, sent);
  const trial: Trial = { member, bookId, key, retry: index % 2 === 0, retryOrderIds: [], retryFailures: [] };
  if (trial.retry) await retryOrder(baseUrl, trial, body);
  return trial;
}

/** A browser retrying: the same key and body until the store answers (it may still be coming back). */
async function retryOrder(baseUrl: string, trial: Trial, body: object): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/orders`, {
        method: 'POST',
        headers: { ...trial.member.headers, 'content-type': 'application/json', 'idempotency-key': trial.key },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status === 200 || response.status === 201) {
        trial.retryOrderIds.push((JSON.parse(text) as { order: { _id: string } }).order._id);
        return;
      }
      if (response.status < 500) {
        trial.retryFailures.push(`${response.status} ${text}`);
        return;
      }
    } catch {
      // the store or its database is still coming back
    }
    await sleep(200);
  }
  trial.retryFailures.push('no answer within 20 s');
}

/** After the reconciler: the same key once more must give the same order. */
async function confirmRetry(baseUrl: string, trial: Trial): Promise<void> {
  if (trial.retryOrderIds.length === 0) return;
  await retryOrder(baseUrl, trial, { books: [trial.bookId], paymentId: trial.member.cardId });
}

async function settle(db: pg.Pool, timeoutMs: number): Promise<Record<string, number> | null> {
  const table = await query<{ t: string | null }>(db, `select to_regclass('public.payment_attempts')::text as t`);
  if (!table.rows[0]?.t) return null; // a store without payment attempts: nothing to wait for
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await query<{ status: string; n: string }>(
      db,
      'select status, count(*) as n from payment_attempts group by status',
    );
    const statuses = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    if (!statuses.pending && !statuses.charged) return statuses;
    if (Date.now() > deadline) return statuses;
    await sleep(500);
  }
}

interface CountedCharge {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'refunded' | 'failed';
}

/** The gateway's charges: its ledger file, or (for a store from before the ledger) its old table. */
async function readCharges(db: pg.Pool, gatewayDir: string): Promise<CountedCharge[]> {
  const table = await query<{ t: string | null }>(db, `select to_regclass('public.gateway_charges')::text as t`);
  if (table.rows[0]?.t) {
    const { rows } = await query<{ id: string; amount_cents: number; outcome: string }>(
      db,
      'select id, amount_cents, outcome from gateway_charges',
    );
    return rows.map((row) => ({
      id: row.id,
      amountCents: row.amount_cents,
      status: row.outcome === 'succeeded' ? 'succeeded' : row.outcome === 'refunded' ? 'refunded' : 'failed',
    }));
  }
  const ledger = new SimulatedLedger(simulatedLedgerFile(gatewayDir));
  try {
    return (await ledger.allCharges()).map((charge) => ({
      id: charge.id,
      amountCents: charge.amountCents,
      status: charge.outcome !== 'succeeded' ? 'failed' : charge.refunded ? 'refunded' : 'succeeded',
    }));
  } finally {
    await ledger.close();
  }
}

async function count(
  options: ChaosOptions,
  db: pg.Pool,
  trials: Trial[],
  attemptStatuses: Record<string, number> | null,
): Promise<Omit<ChaosReport, 'durationMs' | keyof RefundCounts>> {
  const charges = await readCharges(db, options.gatewayDir);
  const orders = (
    await query<{ id: string; user_id: string; idempotency_key: string; total_cents: number; charge_id: string }>(
      db,
      'select id, user_id, idempotency_key, total_cents, charge_id from orders',
    )
  ).rows;
  const kept = new Map(charges.filter((c) => c.status === 'succeeded').map((c) => [c.id, c]));
  const orderedCharges = new Set(orders.map((order) => order.charge_id));
  const twice = await query<{ n: string }>(
    db,
    `select count(*) as n from (
       select o.user_id, i.book_id from order_items i join orders o on o.id = i.order_id
       group by o.user_id, i.book_id having count(*) > 1) t`,
  );
  let retriesWithoutSameOrder = 0;
  for (const trial of trials.filter((t) => t.retry)) {
    const recorded = orders.find((o) => o.user_id === trial.member.userId && o.idempotency_key === trial.key);
    const same =
      trial.retryFailures.length === 0 &&
      trial.retryOrderIds.length === 2 &&
      trial.retryOrderIds.every((id) => id === recorded?.id);
    if (!same) retriesWithoutSameOrder += 1;
  }
  return {
    mode: options.mode,
    trials: trials.length,
    retried: trials.filter((t) => t.retry).length,
    abandoned: trials.filter((t) => !t.retry).length,
    charges: charges.filter((c) => c.status !== 'failed').length,
    refunded: charges.filter((c) => c.status === 'refunded').length,
    orders: orders.length,
    chargesWithoutOrderOrRefund: [...kept.values()].filter((c) => !orderedCharges.has(c.id)).length,
    ordersWithoutCharge: orders.filter((o) => kept.get(o.charge_id)?.amountCents !== o.total_cents).length,
    booksOwnedTwice: Number(twice.rows[0]?.n ?? 0),
    retriesWithoutSameOrder,
    unsettledAttempts: attemptStatuses ? (attemptStatuses.pending ?? 0) + (attemptStatuses.charged ?? 0) : null,
    attemptStatuses,
  };
}

async function call(
  baseUrl: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  expected: number[],
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (expected.includes(response.status)) return JSON.parse(text);
      if (response.status < 500 || attempt >= 50) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    } catch (error) {
      if (attempt >= 50 || (error instanceof Error && error.message.startsWith(method))) throw error;
    }
    await sleep(200); // the store (or its database) is coming back from the previous trial
  }
}

async function createMember(baseUrl: string): Promise<Member> {
  const email = `chaos-${randomUUID().slice(0, 12)}@example.com`;
  await call(
    baseUrl,
    'POST',
    '/api/auth/register',
    {},
    { name: 'Chaos Reader', email, phone: '+94771234567', password: PASSWORD },
    [201],
  );
  const login = (await call(baseUrl, 'POST', '/api/auth/login', {}, { email, password: PASSWORD }, [200])) as {
    token: string;
    user: { _id: string };
  };
  const headers = { authorization: `Bearer ${login.token}` };
  const saved = (await call(baseUrl, 'POST', '/api/payment', headers, CARD, [201])) as { card: { _id: string } };
  return { userId: login.user._id, headers, cardId: saved.card._id };
}

async function createPaidBook(db: pg.Pool, index: number): Promise<string> {
  const { rows } = await query<{ id: string }>(
    db,
    `insert into books (id, title, author, category, price_cents, story, description, status, meta)
     values ($1, $2, 'Chaos Author', 'Arts & Photography', $3, 'A story.', 'A book for a chaos trial.', 'added', '{}')
     returning id`,
    [randomUUID(), `Chaos Book ${index} ${randomUUID().slice(0, 6)}`, 199 + (index % 50) * 100],
  );
  return rows[0]!.id;
}

interface RefundTrial {
  orderId: string;
  key: string;
  retry: boolean;
  /** The last answer of the retries: the order's status, or what went wrong. */
  answer: string | null;
}

/** Each order refunded whole by the admin, the store killed (or its database restarted) meanwhile. */
async function runRefundTrials(
  options: ChaosOptions,
  store: StoreProcess,
  db: pg.Pool,
  baseUrl: string,
  log: (line: string) => void,
): Promise<RefundTrial[]> {
  const login = (await call(
    baseUrl,
    'POST',
    '/api/auth/login',
    {},
    { email: 'admin@bookshop.local', password: chaosServerEnv(options).ADMIN_PASSWORD },
    [200],
  )) as { token: string };
  const headers = { authorization: `Bearer ${login.token}` };
  const { rows } = await query<{ id: string }>(db, 'select id from orders order by created_at, id');
  const trials: RefundTrial[] = [];
  for (const [index, { id }] of rows.entries()) {
    const trial: RefundTrial = {
      orderId: id,
      key: `chaos-refund-${randomUUID()}`,
      retry: index % 2 === 0,
      answer: null,
    };
    const sent = refundOnce(baseUrl, headers, trial).catch(() => null);
    await disrupt(options, store, sent);
    if (trial.retry) await retryRefund(baseUrl, headers, trial);
    trials.push(trial);
    if ((index + 1) % 10 === 0) log(`${options.mode}: ${index + 1}/${rows.length} refunds`);
  }
  return trials;
}

const REFUND_BODY = JSON.stringify({ reason: 'Chaos trial' });

async function refundOnce(baseUrl: string, headers: Record<string, string>, trial: RefundTrial) {
  const response = await fetch(`${baseUrl}/api/admin/orders/${trial.orderId}/refunds`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': trial.key },
    body: REFUND_BODY,
  });
  return { status: response.status, text: await response.text() };
}

/** The admin clicking again: the same key until the store answers (it may still be coming back). */
async function retryRefund(baseUrl: string, headers: Record<string, string>, trial: RefundTrial) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const { status, text } = await refundOnce(baseUrl, headers, trial);
      if (status === 200 || status === 201) {
        trial.answer = (JSON.parse(text) as { order: { status: string } }).order.status;
        return;
      }
      if (status < 500) {
        trial.answer = `${status} ${text}`;
        return;
      }
    } catch {
      // the store or its database is still coming back
    }
    await sleep(200);
  }
  trial.answer = 'no answer within 20 s';
}

async function settleRefunds(db: pg.Pool, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await query<{ n: string }>(db, `select count(*) as n from refunds where status = 'pending'`);
    const pending = Number(rows[0]?.n ?? 0);
    if (pending === 0 || Date.now() > deadline) return pending;
    await sleep(500);
  }
}

async function countRefunds(
  options: ChaosOptions,
  db: pg.Pool,
  trials: RefundTrial[],
  unsettledRefunds: number,
): Promise<RefundCounts> {
  const ledger = new SimulatedLedger(simulatedLedgerFile(options.gatewayDir));
  const gatewayRefunds = await ledger.allRefunds().finally(() => ledger.close());
  // The admin's refunds carry the refund's id as their key; the reconciler's whole refunds of
  // unfulfillable payments carry none.
  const refundedByKey = new Map<string, number>();
  const refundedByCharge = new Map<string, number>();
  for (const refund of gatewayRefunds) {
    if (!refund.idempotencyKey) continue;
    refundedByKey.set(refund.idempotencyKey, (refundedByKey.get(refund.idempotencyKey) ?? 0) + refund.amountCents);
    refundedByCharge.set(refund.chargeId, (refundedByCharge.get(refund.chargeId) ?? 0) + refund.amountCents);
  }
  const completed = await query<{ id: string; amount_cents: number }>(
    db,
    `select id, amount_cents from refunds where status = 'completed'`,
  );
  const stillOwned = await query<{ n: string }>(
    db,
    `select count(distinct r.id) as n from refunds r
       join orders o on o.id = r.order_id
       join order_items i on i.refund_id = r.id
       join entitlements e on e.user_id = o.user_id and e.book_id = i.book_id and e.order_id = o.id
     where r.status = 'completed'`,
  );
  const notOwned = await query<{ refund_id: string | null }>(
    db,
    `select i.refund_id from order_items i join orders o on o.id = i.order_id
     where not exists (select 1 from entitlements e
                       where e.user_id = o.user_id and e.book_id = i.book_id and e.order_id = o.id)`,
  );
  const orders = await query<{ charge_id: string; refunded_cents: number }>(
    db,
    'select charge_id, refunded_cents from orders',
  );
  return {
    refundTrials: trials.length,
    refundsRetried: trials.filter((t) => t.retry).length,
    refundsCompleted: completed.rows.length,
    refundsWithBooksOwned:
      Number(stillOwned.rows[0]?.n ?? 0) +
      // Money back for a refund the store never completed.
      [...refundedByKey.keys()].filter((key) => !completed.rows.some((row) => row.id === key)).length,
    booksTakenWithoutRefund: notOwned.rows.filter((row) => !row.refund_id || !refundedByKey.has(row.refund_id)).length,
    refundAmountMismatches:
      orders.rows.filter((order) => (refundedByCharge.get(order.charge_id) ?? 0) !== order.refunded_cents).length +
      completed.rows.filter((row) => refundedByKey.get(row.id) !== row.amount_cents).length,
    refundRetriesWithoutAnswer: trials.filter((t) => t.retry && t.answer !== 'refunded').length,
    unsettledRefunds,
  };
}
