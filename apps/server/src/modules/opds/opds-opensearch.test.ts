/** Absolute URLs come from PUBLIC_URL, never from the request's Host: OpenSearch, feeds and e-mails. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember } from '../../test/factories.js';
import { mailTo } from '../../test/mail.js';

const PUBLIC_URL = 'https://books.example.com';
const FORGED = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
});
afterAll(() => ctx.close());

describe('absolute URLs', () => {
  it('the OpenSearch description names PUBLIC_URL whatever Host says, so it is one document for everyone', async () => {
    const forged = await ctx.app.inject({ url: '/opds/search.xml', headers: FORGED });
    const plain = await ctx.app.inject({ url: '/opds/search.xml' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain(`template="${PUBLIC_URL}/opds/search?q={searchTerms}"`);
    expect(forged.body).not.toContain('attacker.example');
    // Cached publicly only because it no longer depends on the request.
    expect(forged.headers['cache-control']).toBe('public, max-age=3600');
    expect(forged.body).toBe(plain.body);
  });

  it('feeds and e-mails name PUBLIC_URL whatever Host says', async () => {
    const feed = await ctx.app.inject({ url: '/opds', headers: FORGED });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`<id>${PUBLIC_URL}/opds</id>`);
    expect(feed.body).not.toContain('attacker.example');

    const ann = await createMember(ctx.app);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: FORGED,
      payload: { email: ann.user.email },
    });
    expect(asked.statusCode).toBe(202);
    const mails = await mailTo(ctx.app, ann.user.email);
    expect(mails.some((mail) => mail.text.includes(`${PUBLIC_URL}/#/reset-password?token=`))).toBe(true);
    expect(mails.map((mail) => mail.text + mail.html).join('\n')).not.toContain('attacker.example');
  });
});
