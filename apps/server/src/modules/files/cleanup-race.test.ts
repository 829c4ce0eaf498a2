/**
 * Clean-up of an unused file against a new upload of the same bytes (storage is content-addressed:
 * same bytes, same object). The clean-up is held between deleting the file's row and deleting its
 * bytes while the upload runs; the upload's bytes must survive.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, type Actor } from '../../test/factories.js';
import { bookBody, dataUrl, makePdf } from '../../test/books.js';

let ctx: TestContext;
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createMember(ctx.app);
  bob = await createMember(ctx.app);
});
afterAll(() => ctx.close());

/** Holds the file store's `remove` until released; resolves `entered` when a removal is waiting. */
function holdRemovals() {
  const store = ctx.app.fileStore;
  const remove = store.remove.bind(store);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const waiting = new Promise<void>((resolve) => (entered = resolve));
  store.remove = async (sha256: string) => {
    entered();
    await released;
    return remove(sha256);
  };
  return {
    waiting,
    release: () => {
      release();
      store.remove = remove;
    },
  };
}

const post = async (actor: Actor, image: Buffer, pdf: Buffer) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/books/',
    headers: actor.headers,
    payload: await bookBody({ image: dataUrl('image/png', image), pdf: dataUrl('application/pdf', pdf) }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ book: Book }>().book;
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('file clean-up against an upload of the same bytes', () => {
  it.each([1, 2, 3])('keeps the new upload’s bytes (round %i)', async (round) => {
    const cover = await sharp({ create: { width: 50, height: 70, channels: 3, background: `#30${round}0a0` } })
      .png()
      .toBuffer();
    const pdf = await makePdf(`Same bytes, round ${round}`);
    const old = await post(alice, cover, pdf);

    // Alice deletes her book: its files are unused; the clean-up stops before deleting the bytes.
    const hold = holdRemovals();
    const deleting = ctx.app.inject({ method: 'DELETE', url: `/api/books/${old._id}`, headers: alice.headers });
    await hold.waiting;
    // Meanwhile Bob uploads the very same PDF and cover.
    const uploading = post(bob, cover, pdf);
    await Promise.race([uploading, delay(1500)]);
    hold.release();
    expect((await deleting).statusCode).toBe(200);
    const fresh = await uploading;

    const download = await ctx.app.inject({ method: 'GET', url: `/api/books/${fresh._id}/pdf`, headers: bob.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const image = await ctx.app.inject({ method: 'GET', url: `/api/books/${fresh._id}/cover`, headers: bob.headers });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.length).toBeGreaterThan(0);
  });
});
