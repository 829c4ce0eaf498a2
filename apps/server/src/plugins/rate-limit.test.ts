import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/logger.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { waitFor } from '../test/wait-for.js';
import { TEST_PASSWORD, createMember, uniqueEmail } from '../test/factories.js';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const messages = (text: string) => lines.filter((line) => line.includes(text));
  return { stream, messages };
}

const contexts: TestContext[] = [];
const redisServers: ChildProcess[] = [];
afterEach(async () => {
  for (const server of redisServers.splice(0)) server.kill('SIGKILL');
  await Promise.all(contexts.splice(0).map((ctx) => ctx.close()));
});

async function storeWithRedis(redisUrl: string, log: ReturnType<typeof logCapture>) {
  const ctx = await createTestContext(
    { REDIS_URL: redisUrl, LOGIN_FAILURES_BEFORE_DELAY: '2', LOGIN_ATTEMPTS_PER_MINUTE: '2' },
    { logger: { ...loggerOptions('info'), stream: log.stream } },
  );
  contexts.push(ctx);
  return ctx;
}

const DOWN = 'Redis is not answering';
const login = (ctx: TestContext, email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '203.0.113.9',
    payload: { email, password },
  });

describe('Redis down', () => {
  it('logins, the login throttle and rate limits keep working in memory, and the log says so once', async () => {
    const log = logCapture();
    const ctx = await storeWithRedis(`redis://127.0.0.1:${await closedPort()}`, log);
    const member = await createMember(ctx.app);
    expect((await login(ctx, member.user.email, TEST_PASSWORD)).statusCode).toBe(200);

    // The throttle still counts failures (in memory): 2 allowed, then a wait.
    expect((await login(ctx, member.user.email, 'wrong-password-1')).statusCode).toBe(401);
    expect((await login(ctx, member.user.email, 'wrong-password-2')).statusCode).toBe(401);
    expect((await login(ctx, member.user.email, TEST_PASSWORD)).statusCode).toBe(429);

    // The per-address rate limit on registration (2 a minute) still holds.
    const register = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '192.0.2.77',
        payload: { name: 'Ann', email: uniqueEmail(), phone: '+94771234567', password: TEST_PASSWORD },
      });
    expect([(await register()).statusCode, (await register()).statusCode, (await register()).statusCode]).toEqual([
      201, 201, 429,
    ]);

    const warnings = log.messages(DOWN);
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
  });

  it.runIf(spawnSync('redis-server', ['--version']).status === 0)(
    'falls back when its own Redis is killed, and shares counters again when it returns',
    async () => {
      const port = await closedPort();
      const startRedis = async () => {
        const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
          stdio: 'ignore',
        });
        redisServers.push(server);
        const answers = await waitFor(
          () =>
            spawnSync('redis-cli', ['-p', String(port), 'ping'])
              .stdout?.toString()
              .includes('PONG'),
          Boolean,
          { intervalMs: 100 },
        );
        if (!answers) throw new Error('redis-server did not start');
        return server;
      };
      const redis = await startRedis();
      const log = logCapture();
      const ctx = await storeWithRedis(`redis://127.0.0.1:${port}`, log);
      const member = await createMember(ctx.app);
      expect((await login(ctx, member.user.email, 'wrong-password-1')).statusCode).toBe(401);
      const keys = spawnSync('redis-cli', ['-p', String(port), 'keys', 'ebook-count:login-fail:*']).stdout.toString();
      expect(keys).toContain(member.user.email);
      expect(log.messages(DOWN)).toHaveLength(0);

      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      for (let i = 0; i < 3; i++) expect((await login(ctx, member.user.email, TEST_PASSWORD)).statusCode).toBe(200);
      expect(log.messages(DOWN)).toHaveLength(1);

      await startRedis();
      await waitFor(
        async () => {
          await login(ctx, member.user.email, TEST_PASSWORD);
          return log.messages('Redis answers again').length;
        },
        (count) => count > 0,
        { intervalMs: 100 },
      );
      expect(log.messages('Redis answers again')).toHaveLength(1);
      expect(log.messages(DOWN)).toHaveLength(1);
    },
  );
});
