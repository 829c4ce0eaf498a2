import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ebook-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// Production (the default NODE_ENV) runs the simulated gateway only when allowed explicitly.
const ALLOW = { ALLOW_SIMULATED_PAYMENTS: 'true' };

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, ...ALLOW });
    expect(config).toMatchObject({
      PORT: 3000,
      STORE_CURRENCY: 'USD',
      ADMIN_EMAIL: 'admin@bookshop.local',
      SEED_DEMO: true,
      NODE_ENV: 'production',
      DATABASE_ENGINE: 'postgres',
      EMBEDDED_POSTGRES_USER: 'postgres',
      PAYMENT_RECONCILE_INTERVAL_MS: 60_000,
      PAYMENT_ATTEMPT_TIMEOUT_MS: 300_000,
      gatewayDir: `${dir}-gateway`,
      pgDir: path.join(dir, 'pg'),
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        ...ALLOW,
        PORT: 'eighty',
        STORE_CURRENCY: 'dollars',
        DATABASE_URL: 'not a url',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('STORE_CURRENCY must be an ISO 4217 code such as USD');
    expect(problems).toContain('DATABASE_URL');
  });

  it('generates the signing secret into the data directory with mode 0600, and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir, ...ALLOW });
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.JWT_SECRET);
    expect(loadConfig({ DATA_DIR: dir, ...ALLOW }).JWT_SECRET).toBe(first.JWT_SECRET);
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('prefers JWT_SECRET from the environment', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), ...ALLOW, JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
  });

  it('refuses the simulated payment gateway in production unless it is allowed explicitly', () => {
    const refused = () => loadConfig({ DATA_DIR: tempDir() });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(/ALLOW_SIMULATED_PAYMENTS: the only payment gateway is the simulated one/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ALLOW_SIMULATED_PAYMENTS: 'false' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: tempDir(), ...ALLOW }).ALLOW_SIMULATED_PAYMENTS).toBe(true);
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV }).NODE_ENV).toBe(NODE_ENV);
    }
  });

  it("keeps the simulated gateway's folder (and its key) out of DATA_DIR", () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, ...ALLOW, SIMULATED_GATEWAY_DIR: path.join(dir, 'gateway') })).toThrow(
      /SIMULATED_GATEWAY_DIR: must be outside DATA_DIR/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ...ALLOW, SIMULATED_GATEWAY_DIR: dir })).toThrow(ConfigError);
    const elsewhere = tempDir();
    expect(loadConfig({ DATA_DIR: dir, ...ALLOW, SIMULATED_GATEWAY_DIR: elsewhere }).gatewayDir).toBe(elsewhere);
  });

  it('takes 0 to turn the payment reconciler off, and refuses nonsense intervals', () => {
    expect(
      loadConfig({ DATA_DIR: tempDir(), ...ALLOW, PAYMENT_RECONCILE_INTERVAL_MS: '0' }).PAYMENT_RECONCILE_INTERVAL_MS,
    ).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...ALLOW, PAYMENT_RECONCILE_INTERVAL_MS: '5' })).toThrow(
      /PAYMENT_RECONCILE_INTERVAL_MS must be 0 or 100 to 86400000/,
    );
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    [
      ' 10.0.0.1, 192.168.0.0/16 ,::1, fd00::/8, loopback',
      ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    ],
  ])('TRUST_PROXY=%s is %j', (value, expected) => {
    expect(
      loadConfig({ DATA_DIR: tempDir(), ...ALLOW, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY,
    ).toEqual(expected);
  });

  it.each([
    ['true', 'TRUST_PROXY=true would believe any X-Forwarded-For'],
    ['10.0.0.0/33', 'not: 10.0.0.0/33'],
    ['proxy.internal', 'not: proxy.internal'],
    ['10.0.0.1, banana', 'not: banana'],
  ])('refuses TRUST_PROXY=%s', (value, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...ALLOW, TRUST_PROXY: value })).toThrow(message);
  });
});
