/**
 * The server's configuration: the environment, validated once at boot. Every problem is reported at
 * once, and secrets that are not set are generated into the data directory (mode 0600).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY } from '@ebook/shared';
import { PASSWORD_HASHING, type PasswordHashing } from '../lib/passwords.js';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies to believe about the client's address and protocol: none (`false`), the last N
 * hops (a number), or the listed addresses and CIDR ranges. Believing any X-Forwarded-For (`true`)
 * would let every client pick its own address, so it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (['false', '0', 'no', ''].includes(value)) return false;
    if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length > 0 && invalid.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message:
        value === 'true' || value === 'yes'
          ? "TRUST_PROXY=true would believe any X-Forwarded-For; give the number of proxy hops (e.g. 1) or the proxies' addresses or CIDR ranges"
          : `TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of addresses or CIDR ranges (not: ${invalid.join(', ') || value})`,
    });
    return z.NEVER;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  /** The embedded database when DATABASE_URL is not set: PostgreSQL as a child process, or PGlite. */
  DATABASE_ENGINE: z.enum(['postgres', 'pglite']).default('postgres'),
  /** As root, the system user the embedded PostgreSQL runs as (created when missing, on Linux). */
  EMBEDDED_POSTGRES_USER: z
    .string()
    .regex(/^[a-z_][a-z0-9_-]*$/)
    .default('postgres'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ADMIN_EMAIL: z.email().default('admin@bookshop.local'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'STORE_CURRENCY must be an ISO 4217 code such as USD')
    .default('USD'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  REMEMBER_ME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Failed logins on an account before each further attempt waits (four times as many per address). */
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).max(10_000).default(5),
  SEED_DEMO: booleanText.default(true),
  REDIS_URL: z.url().optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** Uploads one member may send at the same time. */
  UPLOADS_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(2),
  /** Books one member may have waiting for review at once; more get 429 until some are reviewed. */
  PENDING_BOOKS_PER_MEMBER: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Bytes of covers and PDFs one member's books may keep stored (default 2 GiB); past it 413. */
  UPLOAD_BYTES_PER_MEMBER: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 50)
    .default(2 * 1024 ** 3),
  /** Searches (`GET /api/books` with `q`) per address per minute; more get 429. */
  SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Large JSON bodies (files as base64) the server reads at the same time; multipart streams to disk. */
  LARGE_JSON_UPLOADS_AT_ONCE: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * The document pool (modules/files/document-jobs.ts): PDFs inspected, cut into samples and stamped
   * at once (default: one less than the cores, at least 1, at most 4), jobs that may wait beyond them
   * and for how long (more or longer get 503 DOCUMENTS_BUSY), the heap of each job's worker, and how
   * long a job may run (a request waits for both within the 60 s idle timeout).
   */
  DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  DOCUMENT_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  DOCUMENT_JOB_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(1024),
  DOCUMENT_JOB_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  DOCUMENT_INSPECT_SECONDS: z.coerce.number().int().min(1).max(3600).default(40),
  DOCUMENT_QUEUE_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * Imports from the admin screen (docs/import.md): the largest upload (a zip of a calibre library or
   * a CSV) and, once unpacked, the largest library; both in MB.
   */
  IMPORT_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  IMPORT_UNPACKED_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(4096),
  /** How long a download waits for a stamped copy (202 COPY_PREPARING after) or a sample for its cut (202 SAMPLE_PREPARING). */
  COPY_WAIT_SECONDS: z.coerce.number().min(0).max(60).default(10),
  /** Time to receive a whole request (a large upload on a slow line included). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** A connection that sends and receives nothing for this long is closed. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** The simulated payment gateway's own folder (ledger and secret); default: `<DATA_DIR>-gateway`. */
  SIMULATED_GATEWAY_DIR: z.string().optional(),
  SIMULATED_GATEWAY_SECRET: z.string().min(32, 'SIMULATED_GATEWAY_SECRET must be at least 32 characters').optional(),
  /** With NODE_ENV=production the simulated gateway (which moves no money) must be allowed explicitly. */
  ALLOW_SIMULATED_PAYMENTS: booleanText.default(false),
  /** The share of a sale's price a member earns for a book they submitted (payouts report). */
  AUTHOR_ROYALTY_PERCENT: z.coerce.number().min(0).max(100).default(70),
  /** How often the payment reconciler runs (it also runs at start-up); 0 turns it off on this copy. */
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine(
      (ms) => ms === 0 || (ms >= 100 && ms <= 86_400_000),
      'PAYMENT_RECONCILE_INTERVAL_MS must be 0 or 100 to 86400000',
    )
    .default(60_000),
  /**
   * How often the server checks its tables' write counters and refreshes planner statistics
   * (ANALYZE) and visibility maps (VACUUM) after large changes; it also checks at start-up and a
   * moment after writes. 0 turns it off on this copy (docs/search.md).
   */
  DB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * Where catalogue searches are answered: `memory`, an index of the public books in this copy's
   * memory, kept current from the database (docs/search.md); `database`, the full-text query alone.
   */
  SEARCH_INDEX: z.enum(['memory', 'database']).default('memory'),
  /** A checkout unfinished after this long is the reconciler's: completed, refunded or expired. */
  PAYMENT_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /** The store's name, address and phone: in e-mails and the footer (GET /api/store). */
  STORE_NAME: z.string().trim().min(1).max(100).default('Bookshelf'),
  STORE_EMAIL: z.email().default('hello@bookshelf.example'),
  STORE_PHONE: z.string().trim().min(1).max(40).default('+94 11 234 5678'),
  /** The phone fields' default country, ISO 3166 alpha-2 (LK, GB, US...); the specification's Sri Lanka. */
  DEFAULT_COUNTRY: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'DEFAULT_COUNTRY must be a two-letter country code such as LK')
    .transform((code) => code.toLowerCase())
    .default(DEFAULT_PHONE_COUNTRY),
  /** Where members reach the store, for links in e-mails; default http://localhost:<PORT>. */
  PUBLIC_URL: z.url().optional(),
  /**
   * "Login with Google" (OpenID Connect, code flow with PKCE): on when both are set, from a Google
   * Cloud OAuth client whose redirect URI is PUBLIC_URL/api/auth/google/callback.
   */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** The OpenID provider's issuer; another provider (or a local one in tests) can stand in for Google. */
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  /** smtp://user:pass@host:587 or smtps://…:465; unset: every message is written to DATA_DIR/mail as .eml. */
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The From of every message; default: the store's name at no-reply@<STORE_EMAIL's domain>. */
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** Password reset e-mails one address may ask for one e-mail per hour (four times as many in all). */
  PASSWORD_RESET_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'MAIL_FROM'> {
  JWT_SECRET: string;
  /** Without a trailing slash. */
  PUBLIC_URL: string;
  MAIL_FROM: string;
  /** Where messages are written as .eml files when SMTP_URL is not set. */
  mailDir: string;
  /** Absolute paths derived from DATA_DIR. */
  dataDir: string;
  filesDir: string;
  dbDir: string;
  /** The embedded PostgreSQL's cluster. */
  pgDir: string;
  gatewayDir: string;
  /**
   * The cost of hashing a password. Not read from the environment: the store always hashes at
   * PASSWORD_HASHING; only the API tests' app builder sets a cheaper one.
   */
  passwordHashing: PasswordHashing;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse({ ...stripEmpty(env), ...overrides });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  if (values.FILE_STORE === 's3' && !values.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: required when FILE_STORE is s3']);
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const gatewayDir = path.resolve(values.SIMULATED_GATEWAY_DIR ?? `${dataDir}-gateway`);
  const problems: string[] = [];
  if (gatewayDir === dataDir || gatewayDir.startsWith(dataDir + path.sep)) {
    problems.push(
      "SIMULATED_GATEWAY_DIR: must be outside DATA_DIR (the gateway's key must not sit beside the store's data)",
    );
  }
  if (values.NODE_ENV === 'production' && !values.ALLOW_SIMULATED_PAYMENTS) {
    problems.push(
      'ALLOW_SIMULATED_PAYMENTS: the only payment gateway is the simulated one, which accepts test cards and ' +
        'moves no money; set ALLOW_SIMULATED_PAYMENTS=true to run it with NODE_ENV=production ' +
        '(`npm start` does, for the demo store)',
    );
  }
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to offer "Login with Google", or neither');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...values,
    JWT_SECRET: values.JWT_SECRET ?? generatedSecret(dataDir, 'jwtSecret'),
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    MAIL_FROM:
      values.MAIL_FROM ?? `"${values.STORE_NAME.replace(/["\\]/g, '')}" <no-reply@${values.STORE_EMAIL.split('@')[1]}>`,
    mailDir: path.join(dataDir, 'mail'),
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    dbDir: path.join(dataDir, 'db'),
    pgDir: path.join(dataDir, 'pg'),
    gatewayDir,
    passwordHashing: PASSWORD_HASHING,
  };
}

function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

/** Reads a secret from DATA_DIR/secrets.json, creating it (mode 0600) on first use. */
function generatedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(48).toString('base64url');
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets[name];
}
