import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { TEST_PASSWORD, createMember, loginAs } from '../../test/factories.js';
import { storedFiles } from '../../test/books.js';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

/** Stored originals, whichever file store the app runs on. */
const storedCount = async () => (await storedFiles(ctx.app.fileStore)).length;

describe('GET /api/users/me', () => {
  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Please log in to continue.', code: 'UNAUTHORIZED' });
  });
});

describe('PUT /api/users/me', () => {
  it('updates name and phone, and ignores email and role', async () => {
    const member = await createMember(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: 'Renamed Reader', phone: '+447700900123', email: 'x@y.z', role: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      msg: 'Profile updated successfully',
      user: { name: 'Renamed Reader', phone: '+447700900123', email: member.user.email, role: 'member' },
    });
  });

  it('accepts a picture as a data URL and re-encodes it as a 256 px WebP', async () => {
    const member = await createMember(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: member.headers,
      payload: { profileImage: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().user.profileImage as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const cached = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': image.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('accepts raw base64 (taken as JPEG) and a multipart upload', async () => {
    const member = await createMember(ctx.app);
    const jpeg = await sharp(png).jpeg().toBuffer();
    const raw = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: member.headers,
      payload: { profileImage: jpeg.toString('base64') },
    });
    expect(raw.statusCode).toBe(200);

    const form = new FormData();
    form.append('name', 'Multipart Reader');
    form.append('profileImage', new Blob([png], { type: 'image/png' }), 'me.png');
    const request = new Request('http://x/', { method: 'PUT', body: form });
    const multipart = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...member.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json().user).toMatchObject({
      name: 'Multipart Reader',
      profileImage: expect.stringMatching(/^\/api\/files\//),
    });
  });

  it('deletes a replaced or removed picture, unless someone else has the same one', async () => {
    const picture = (color: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
        .png()
        .toBuffer()
        .then((bytes) => `data:image/png;base64,${bytes.toString('base64')}`);
    const setPicture = async (actor: { headers: Record<string, string> }, profileImage: string | null) => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: actor.headers,
        payload: { profileImage },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().user.profileImage as string | null;
    };
    const status = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
    const ann = await createMember(ctx.app);
    const ben = await createMember(ctx.app);
    const start = await storedCount();

    const first = (await setPicture(ann, await picture('#0f766e')))!;
    expect(await storedCount()).toBe(start + 1);
    const second = (await setPicture(ann, await picture('#7c2d12')))!;
    expect(await status(first)).toBe(404);
    expect(await status(second)).toBe(200);
    expect(await storedCount()).toBe(start + 1);

    // Ben has the very same picture (the same bytes are stored once): Ann's change must not remove his.
    const shared = (await setPicture(ben, await picture('#7c2d12')))!;
    expect(shared).toBe(second);
    expect(await setPicture(ann, null)).toBeNull();
    expect(await status(shared)).toBe(200);
    expect(await setPicture(ben, null)).toBeNull();
    expect(await status(shared)).toBe(404);
    expect(await storedCount()).toBe(start);
  });

  it('refuses a file that is not an image by its content (415), keeping the old picture and writing no file', async () => {
    const member = await createMember(ctx.app);
    const before = await storedCount();
    const fakePng = Buffer.from('%PDF-1.7\nthis is not an image at all');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: 'Should Not Change', profileImage: `data:image/png;base64,${fakePng.toString('base64')}` },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await storedCount()).toBe(before);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(me.json().name).not.toBe('Should Not Change');
  });

  it.each([
    [{ name: '' }, 'Full name is required'],
    [{ phone: '12' }, 'Enter a valid phone number with its country code'],
    [{ profileImage: 'not base64 !!!' }, 'profileImage must be a file upload, a data URL or base64 text.'],
  ])('answers bad input %# with 400', async (payload, msg) => {
    const member = await createMember(ctx.app);
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/users/me', headers: member.headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });
});

describe('PUT /api/users/me/password', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const member = await createMember(ctx.app);
    const other = await loginAs(ctx.app, member.user.email, TEST_PASSWORD);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: member.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' },
    });
    expect(response.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: other.headers })).statusCode).toBe(
      401,
    );
    await expect(loginAs(ctx.app, member.user.email, 'a-brand-new-secret')).resolves.toBeTruthy();
  });

  it('refuses a wrong current password', async () => {
    const member = await createMember(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: member.headers,
      payload: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-secret' },
    });
    expect(response.statusCode).toBe(401);
  });
});
