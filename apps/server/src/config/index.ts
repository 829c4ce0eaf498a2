/**
 * The server's configuration: the environment, validated once at boot. Every problem is reported at
 * once, and secrets that are not set are generated into the data directory (mode 0600).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
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
  SEED_DEMO: booleanText.default(true),
  REDIS_URL: z.url().optional(),
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET'> {
  JWT_SECRET: string;
  /** Absolute paths derived from DATA_DIR. */
  dataDir: string;
  filesDir: string;
  dbDir: string;
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
  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...values,
    JWT_SECRET: values.JWT_SECRET ?? generatedSecret(dataDir, 'jwtSecret'),
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    dbDir: path.join(dataDir, 'db'),
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
