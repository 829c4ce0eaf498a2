/**
 * The short run of the OpenAPI fuzzer in `npm test` (a fixed seed, so a failure is reproducible);
 * `npm run fuzz` runs 10,000 requests with a new seed and prints it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postBook } from '../books.js';
import { createTestContext, type TestContext } from '../context.js';
import { createAdmin, createMember } from '../factories.js';
import { fuzzApi } from './openapi-fuzz.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
// The S3 run changes nothing the fuzzer reaches that the other runs do not.
const runs = process.env.TEST_FILE_STORE !== 's3';

let ctx: TestContext;
beforeAll(async () => {
  if (!runs) return;
  ctx = await createTestContext({ LOGIN_ATTEMPTS_PER_MINUTE: '10000' });
  const admin = await createAdmin(ctx.app);
  const member = await createMember(ctx.app);
  await postBook(ctx.app, admin, { title: 'Fuzzing Free Book', price: 0 });
  await postBook(ctx.app, admin, { title: 'Fuzzing Paid Book', price: 3.5 });
  await postBook(ctx.app, member, { title: 'Fuzzing Pending Book', price: 2 });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: member.headers,
    payload: { cardHolder: 'Fuzz Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/30', cvv: '123' },
  });
}, 120_000);
afterAll(() => ctx?.close());

describe.runIf(runs)('the API under generated hostile requests', () => {
  it(`answers ${REQUESTS} requests over every operation with no 5xx, every 4xx { msg, code }, nothing written by a refusal`, async () => {
    const report = await fuzzApi(ctx.app, { requests: REQUESTS, seed: SEED });
    console.log(
      `fuzz: seed ${SEED}, ${report.requests} requests over ${report.operations} operations in ${report.durationMs} ms; ` +
        `slowest ${report.slowestMs} ms; by status ${JSON.stringify(report.byStatus)}`,
    );
    expect(report.failures.slice(0, 5)).toEqual([]);
    expect(report.requests).toBe(REQUESTS);
  }, 1_800_000);
});
