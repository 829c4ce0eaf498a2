/**
 * Image bombs and metadata: covers and profile pictures over the pixel limit are refused (413), a
 * corrupt image is 415, and neither leaves a temporary file, a file row or a stored object behind.
 * Stored images carry no EXIF (a phone photo's GPS position must not be published).
 */
import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { files } from '../../db/schema/index.js';
import { IMAGE_MAX_PIXELS } from '../../lib/images.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, type Actor } from '../../test/factories.js';
import { bookBody, dataUrl, storedFiles } from '../../test/books.js';

let ctx: TestContext;
let member: Actor;
/** 8,000 × 6,000 = 48 Mpx of one colour: a PNG of a few tens of KB. */
let bomb: Buffer;
let corruptJpeg: Buffer;
let gpsJpeg: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx.app);
  bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#335577' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const jpeg = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#aa5533' } })
    .jpeg()
    .toBuffer();
  // The JPEG's header survives (it is typed and measured as a JPEG); the picture data stops half way.
  corruptJpeg = jpeg.subarray(0, Math.floor(jpeg.length / 2));
  gpsJpeg = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#2a7a4b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}, 180_000);
afterAll(() => ctx.close());

/** Every file under DATA_DIR (staged uploads, stored originals, thumbnails), and every file row. */
async function leftovers() {
  const entries = await readdir(ctx.dataDir, { recursive: true, withFileTypes: true });
  const [counted] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return {
    onDisk: entries.filter((entry) => entry.isFile()).length,
    rows: counted!.n,
    stored: (await storedFiles(ctx.app.fileStore)).length,
  };
}

const postCover = async (image: Buffer, mime = 'image/png') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/books/',
    headers: member.headers,
    payload: await bookBody({ image: dataUrl(mime, image) }),
  });

const putAvatar = (image: Buffer, mime = 'image/png') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: member.headers,
    payload: { profileImage: dataUrl(mime, image) },
  });

describe('pixel limit', () => {
  it('is well below sharp’s 268 Mpx default, and the test image is over it', async () => {
    expect(IMAGE_MAX_PIXELS).toBeLessThanOrEqual(50_000_000);
    expect(8000 * 6000).toBeGreaterThan(IMAGE_MAX_PIXELS);
    expect(bomb.length).toBeLessThan(1024 * 1024);
  });

  it('refuses a cover over the limit with 413 and leaves nothing behind', async () => {
    const before = await leftovers();
    const response = await postCover(bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ msg: expect.stringMatching(/pixels/), code: 'IMAGE_TOO_LARGE' });
    expect(await leftovers()).toEqual(before);
  });

  it('refuses a profile picture over the limit with 413 and leaves nothing behind', async () => {
    const before = await leftovers();
    const response = await putAvatar(bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ msg: expect.stringMatching(/pixels/), code: 'IMAGE_TOO_LARGE' });
    expect(await leftovers()).toEqual(before);
  });
});

describe('corrupt images', () => {
  it('a corrupt JPEG profile picture is 415 and leaves no temporary file', async () => {
    const before = await leftovers();
    const response = await putAvatar(corruptJpeg, 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ msg: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await leftovers()).toEqual(before);
  });

  it('a corrupt JPEG cover is 415 and leaves nothing behind', async () => {
    const before = await leftovers();
    const response = await postCover(corruptJpeg, 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ msg: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await leftovers()).toEqual(before);
  });
});

describe('metadata', () => {
  it('the test photo carries GPS EXIF', async () => {
    const meta = await sharp(gpsJpeg).metadata();
    expect(meta.exif?.length).toBeGreaterThan(0);
  });

  it('a stored cover keeps no EXIF', async () => {
    const response = await postCover(gpsJpeg, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const book = response.json<{ book: Book }>().book;
    const original = await ctx.app.inject({
      method: 'GET',
      url: `/api/books/${book._id}/cover`,
      headers: member.headers,
    });
    expect(original.statusCode).toBe(200);
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 450]);
    expect(meta.exif).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('a stored profile picture keeps no EXIF', async () => {
    const response = await putAvatar(gpsJpeg, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const image = await ctx.app.inject({ method: 'GET', url: response.json().user.profileImage as string });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });
});
