import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { users } from '../db/schema/index.js';
import { createTestContext, TEST_PASSWORD_HASHING, type TestContext } from '../test/context.js';
import { TEST_PASSWORD, uniqueEmail } from '../test/factories.js';
import { PASSWORD_HASHING, hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it("hashes at OWASP's minimum for argon2id (19 MiB, two passes) when the configuration sets nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-passwords-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, ALLOW_SIMULATED_PAYMENTS: 'true' });
      expect(config.passwordHashing).toEqual({ memoryCost: 19_456, timeCost: 2 });
      expect(config.passwordHashing).toBe(PASSWORD_HASHING);
      expect(await hashPassword(TEST_PASSWORD, config.passwordHashing)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-gateway`, { recursive: true, force: true });
    }
  });

  it('hashes at the cost it is given, and verifies a hash whatever its cost', async () => {
    const cheap = await hashPassword(TEST_PASSWORD, TEST_PASSWORD_HASHING);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    const store = await hashPassword(TEST_PASSWORD, PASSWORD_HASHING);
    for (const hash of [cheap, store]) {
      expect(await verifyPassword(hash, TEST_PASSWORD)).toBe(true);
      expect(await verifyPassword(hash, 'not-the-password')).toBe(false);
    }
  });
});

describe('an app that hashes cheaper than the store', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("still lets in a member whose password was hashed at the store's cost", async () => {
    expect(ctx.config.passwordHashing).toEqual(TEST_PASSWORD_HASHING);
    const email = uniqueEmail();
    await ctx.app.db.insert(users).values({
      name: 'Old Member',
      email,
      phone: '+94771234567',
      passwordHash: await hashPassword(TEST_PASSWORD, PASSWORD_HASHING),
      role: 'member',
    });
    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login('not-the-password')).statusCode).toBe(401);
  });

  it('hashes a new member at its own cost', async () => {
    const email = uniqueEmail();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'New Member', email, phone: '+94771234567', password: TEST_PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    const [row] = await ctx.app.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  });
});
