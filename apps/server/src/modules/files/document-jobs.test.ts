/**
 * The document pool keeps heavy work off the request thread and never holds a connection on it: a
 * full pool refuses at once (503 DOCUMENTS_BUSY), and a reader whose sample is still being cut gets
 * 202 SAMPLE_PREPARING with Retry-After, then the sample once it is ready. An import's session keeps
 * its worker between files without holding a slot, and a refused file does not fail the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, type Actor } from '../../test/factories.js';
import { dataUrl, makePdf, postBook } from '../../test/books.js';
import { waitFor } from '../../test/wait-for.js';
import { DocumentRefused, SESSION_JOBS } from './document-jobs.js';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  // One worker, no queue, and no waiting for a sample: every limit is reached by two jobs.
  ctx = await createTestContext({ DOCUMENT_WORKERS: '1', DOCUMENT_QUEUE: '0', COPY_WAIT_SECONDS: '0' });
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

describe('the document pool', () => {
  it('refuses a job at once with 503 DOCUMENTS_BUSY while its only worker is taken and no queue is allowed', async () => {
    const pdf = await makePdf('Busy', 3);
    const first = ctx.app.documentJobs.run({ kind: 'inspect', bytes: new Uint8Array(pdf) });
    const second = ctx.app.documentJobs.run({ kind: 'inspect', bytes: new Uint8Array(pdf) });
    await expect(second).rejects.toMatchObject({ statusCode: 503, code: 'DOCUMENTS_BUSY' });
    await expect(first).resolves.toMatchObject({ pages: 3 });
    expect(ctx.app.documentJobs.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("an import's session: a refused file fails alone, the next is answered, the worker replaced past its jobs", async () => {
    const pdf = await makePdf('Session', 2);
    const session = ctx.app.documentJobs.session();
    try {
      const broken = new TextEncoder().encode('%PDF-1.7\nnot a PDF at all\n');
      await expect(session.run({ kind: 'inspect', bytes: broken })).rejects.toBeInstanceOf(DocumentRefused);
      for (let job = 0; job <= SESSION_JOBS; job += 1) {
        await expect(session.run({ kind: 'inspect', bytes: new Uint8Array(pdf) })).resolves.toMatchObject({ pages: 2 });
      }
      // Between its jobs the session holds no slot: another job runs at once.
      await expect(ctx.app.documentJobs.run({ kind: 'inspect', bytes: new Uint8Array(pdf) })).resolves.toMatchObject({
        pages: 2,
      });
    } finally {
      await session.close();
    }
    expect(ctx.app.documentJobs.load()).toEqual({ running: 0, waiting: 0 });
  }, 300_000);

  it('answers a sample still being cut with 202 SAMPLE_PREPARING and Retry-After, then serves it', async () => {
    const book = await postBook(ctx.app, admin, {
      title: 'Slow Sample',
      price: 4,
      samplePages: 2,
      pdf: dataUrl('application/pdf', await makePdf('Slow sample', 8)),
    });
    const url = `/api/books/${book._id}/sample`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(202);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    expect(first.json()).toEqual({ msg: 'Preparing the sample...', code: 'SAMPLE_PREPARING' });
    // The reader asks with HEAD (no body moves) until the sample is ready.
    const ready = await waitFor(
      () => ctx.app.inject({ method: 'HEAD', url }),
      (head) => head.statusCode !== 202,
      { timeoutMs: 120_000 },
    );
    expect(ready.statusCode).toBe(200);
    expect(ready.rawPayload).toHaveLength(0);
    expect(ready.headers['content-type']).toBe('application/pdf');
    const sample = await ctx.app.inject({ method: 'GET', url });
    expect(sample.statusCode).toBe(200);
    expect(sample.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
