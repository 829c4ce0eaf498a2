/**
 * The OPDS catalogue: every kind of feed is valid OPDS (jing against the OPDS 1.1 and Atom grammars),
 * hostile titles still make valid XML, and downloads follow exactly the web download's rules.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, CreatedAppPassword } from '@ebook/shared';
import { eq } from 'drizzle-orm';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createAdmin, createMember, TEST_PASSWORD, type Actor } from '../../test/factories.js';
import { jingErrors } from '../../test/jing.js';
import { dataUrl, postBook } from '../../test/books.js';
import { EPUB_MIME, makeEpub } from '../../test/epubs.js';
import { OPDS_PAGE_SIZE } from './opds.service.js';

let ctx: TestContext;
let admin: Actor;
let ann: Actor;
let annBasic: { authorization: string };
let free: Book;
let paid: Book;
let owned: Book;

const inject = (options: InjectOptions) => ctx.app.inject(options);
const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});
const post = (url: string, actor: Actor, payload: object) =>
  inject({ method: 'POST', url, headers: actor.headers, payload });

beforeAll(async () => {
  // Where members reach the store: the OpenSearch template's address.
  ctx = await createTestContext({ PUBLIC_URL: 'http://localhost:80' });
  admin = await createAdmin(ctx.app);
  ann = await createMember(ctx.app, { name: 'Ann Owner' });
  free = await postBook(ctx.app, admin, {
    title: 'A Free Walk',
    price: 0,
    category: 'Travel',
    meta: { language: 'English', publishYear: 1854 },
  });
  paid = await postBook(ctx.app, admin, { title: 'A Paid Voyage', price: 4.99, category: 'Travel' });
  owned = await postBook(ctx.app, admin, { title: 'An Owned Harbour', price: 7.5, category: 'Arts & Photography' });
  await buyBook(ctx.app, ann, owned._id);
  const created = await post('/api/users/me/app-passwords', ann, { name: 'KOReader', password: TEST_PASSWORD });
  annBasic = basic(ann.user.email, created.json<CreatedAppPassword>().password);
});
afterAll(() => ctx.close());

async function feed(url: string, headers: Record<string, string> = {}) {
  const response = await inject({ url, headers });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response;
}

function entryOf(xml: string, title: string): string {
  const found = xml.split('<entry>').find((entry) => entry.includes(`<title>${title}</title>`));
  if (!found) throw new Error(`no entry "${title}" in ${xml.slice(0, 500)}`);
  return found.split('</entry>')[0]!;
}

describe('OPDS feeds', () => {
  it('are valid OPDS for every kind: root, new, categories, a category, free, search, page 2, My Library', async () => {
    // A second page of new books needs more than one page of books.
    await ctx.app.db.insert(books).values(
      Array.from({ length: OPDS_PAGE_SIZE }, (_, n) => ({
        title: `Filler ${n}`,
        author: 'Page Maker',
        category: 'Travel',
        priceCents: n % 2 === 0 ? 0 : 199,
        story: 'x',
        description: 'A book to fill a page.',
        status: 'added' as const,
      })),
    );
    const urls = {
      root: '/opds',
      new: '/opds/new',
      categories: '/opds/categories',
      category: `/opds/category?name=${encodeURIComponent('Arts & Photography')}`,
      free: '/opds/free',
      search: '/opds/search?q=voyage',
      page2: '/opds/new?page=2',
      library: '/opds/library',
    };
    const documents: Record<string, string> = {};
    for (const [name, url] of Object.entries(urls)) {
      const response = await feed(url, name === 'library' ? annBasic : {});
      const kind = name === 'root' || name === 'categories' ? 'navigation' : 'acquisition';
      expect(response.headers['content-type']).toBe(`application/atom+xml;profile=opds-catalog;kind=${kind}`);
      documents[name] = response.body;
    }
    const errors = await jingErrors('opds_v1.1', documents);
    expect(errors).toEqual(Object.fromEntries(Object.keys(urls).map((name) => [name, []])));

    expect(documents.root).toContain('href="/opds/search.xml"');
    expect(documents.categories).toContain('href="/opds/category?name=Arts+%26+Photography"');
    expect(documents.new).toContain('rel="next" href="/opds/new?page=2"');
    expect(documents.page2).toContain('rel="previous" href="/opds/new"');
    expect(documents.page2).not.toContain('rel="next"');
    expect(documents.search).toContain('<title>A Paid Voyage</title>');
    expect(documents.free).not.toContain('A Paid Voyage');
    expect(documents.library).toContain('<title>An Owned Harbour</title>');
    expect(documents.library).not.toContain('A Free Walk');
  });

  it('describe books: author, language, summary, category, covers, and how to get each', async () => {
    // Searches: the filler books of the test above fill the first page of new books.
    const search = async (q: string, headers: Record<string, string> = {}) =>
      (await feed(`/opds/search?q=${q}`, headers)).body;
    const freeEntry = entryOf(await search('free+walk'), 'A Free Walk');
    expect(freeEntry).toContain('<author><name>Jane Tester</name></author>');
    expect(freeEntry).toContain('<dc:language>en</dc:language>');
    expect(freeEntry).toContain('<dc:issued>1854</dc:issued>');
    expect(freeEntry).toContain('<category term="Travel" label="Travel"/>');
    expect(freeEntry).toContain('<summary type="text">A calm book about the sea.</summary>');
    expect(freeEntry).toMatch(
      /rel="http:\/\/opds-spec.org\/image" href="\/api\/books\/[^"]+\/cover\?v=\w+" type="image\/png"/,
    );
    expect(freeEntry).toContain('rel="http://opds-spec.org/image/thumbnail"');
    expect(freeEntry).toContain(
      `rel="http://opds-spec.org/acquisition/open-access" href="/opds/books/${free._id}/file" type="application/pdf"`,
    );
    const paidEntry = entryOf(await search('paid+voyage'), 'A Paid Voyage');
    expect(paidEntry).toContain(
      `<link rel="http://opds-spec.org/acquisition/buy" href="/#/book/${paid._id}" type="text/html"><opds:price currencycode="USD">4.99</opds:price></link>`,
    );
    expect(paidEntry).not.toContain('/file');
    // During a store-wide promotion the price is what the checkout would charge.
    const promotion = await inject({
      method: 'PUT',
      url: '/api/admin/promotion',
      headers: admin.headers,
      payload: { active: true, percentOff: 20, endsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(promotion.statusCode).toBe(200);
    expect(entryOf(await search('paid+voyage'), 'A Paid Voyage')).toContain(
      '<opds:price currencycode="USD">3.99</opds:price>',
    );
    await inject({
      method: 'PUT',
      url: '/api/admin/promotion',
      headers: admin.headers,
      payload: { active: false, percentOff: 20, endsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    // The owner sees a download where a visitor sees a price.
    expect(entryOf(await search('owned+harbour'), 'An Owned Harbour')).toContain('acquisition/buy');
    const asOwner = entryOf(await search('owned+harbour', annBasic), 'An Owned Harbour');
    expect(asOwner).toContain(`rel="http://opds-spec.org/acquisition" href="/opds/books/${owned._id}/file"`);
  });

  it("offer a paid book's sample (acquisition/sample), and none where no sample can be cut", async () => {
    const search = async (q: string) => (await feed(`/opds/search?q=${q}`)).body;
    const documents = { paid: await search('paid+voyage'), free: await search('free+walk') };
    expect(await jingErrors('opds_v1.1', documents)).toEqual({ paid: [], free: [] });
    expect(entryOf(documents.paid, 'A Paid Voyage')).toContain(
      `<link rel="http://opds-spec.org/acquisition/sample" href="/api/books/${paid._id}/sample" type="application/pdf" title="Sample"/>`,
    );
    const sample = await inject({ url: `/api/books/${paid._id}/sample` });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('application/pdf');
    // A free book is open access whole: no sample link.
    expect(entryOf(documents.free, 'A Free Walk')).not.toContain('acquisition/sample');
    await ctx.app.db.update(books).set({ sampleStatus: 'failed' }).where(eq(books.id, paid._id));
    try {
      expect(entryOf(await search('paid+voyage'), 'A Paid Voyage')).not.toContain('acquisition/sample');
    } finally {
      await ctx.app.db.update(books).set({ sampleStatus: 'pending' }).where(eq(books.id, paid._id));
    }
  });

  it("offer each format (EPUB and PDF) and each format's sample, still valid OPDS", async () => {
    const epub = dataUrl(EPUB_MIME, await makeEpub({ chapterCount: 12 }));
    const both = await postBook(ctx.app, admin, { title: 'Twin Formats Atlas', price: 0, epub });
    const epubOnly = await postBook(ctx.app, admin, { title: 'Lone Epub Chart', price: 3, epub, pdf: undefined });
    const search = async (q: string, headers: Record<string, string> = {}) =>
      (await feed(`/opds/search?q=${q}`, headers)).body;
    const documents = { both: await search('twin+formats'), epubOnly: await search('lone+epub+chart') };
    expect(await jingErrors('opds_v1.1', documents)).toEqual({ both: [], epubOnly: [] });
    const twin = entryOf(documents.both, 'Twin Formats Atlas');
    expect(twin).toContain(
      `<link rel="http://opds-spec.org/acquisition/open-access" href="/opds/books/${both._id}/epub" type="application/epub+zip"/>`,
    );
    expect(twin).toContain(
      `<link rel="http://opds-spec.org/acquisition/open-access" href="/opds/books/${both._id}/file" type="application/pdf"/>`,
    );
    const lone = entryOf(documents.epubOnly, 'Lone Epub Chart');
    expect(lone).toContain(
      `<link rel="http://opds-spec.org/acquisition/sample" href="/api/books/${epubOnly._id}/epub-sample" type="application/epub+zip" title="Sample"/>`,
    );
    expect(lone).not.toContain('type="application/pdf"');
    const download = await inject({ url: `/opds/books/${both._id}/epub` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(EPUB_MIME);
    // The EPUB of a paid book follows the web rules: the owner only, with their app password.
    await buyBook(ctx.app, ann, epubOnly._id);
    expect((await inject({ url: `/opds/books/${epubOnly._id}/epub` })).statusCode).toBe(401);
    const library = (await feed('/opds/library', annBasic)).body;
    expect(await jingErrors('opds_v1.1', { library })).toEqual({ library: [] });
    expect(entryOf(library, 'Lone Epub Chart')).toContain(
      `<link rel="http://opds-spec.org/acquisition" href="/opds/books/${epubOnly._id}/epub" type="application/epub+zip"/>`,
    );
  }, 120_000);

  it('give the publication year as dc:issued, and no listing date as atom:published', async () => {
    const documents = { new: (await feed('/opds/new')).body, search: (await feed('/opds/search?q=walk')).body };
    for (const xml of Object.values(documents)) expect(xml).not.toContain('<published>');
    const freeEntry = entryOf(documents.search, 'A Free Walk');
    expect(freeEntry).toContain('<dc:issued>1854</dc:issued>');
    expect(freeEntry).toMatch(/<updated>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/updated>/);
    // A book without a known year says nothing of its publication.
    expect(entryOf((await feed('/opds/search?q=paid+voyage')).body, 'A Paid Voyage')).not.toContain('dc:issued');
  });

  it('offer an OpenSearch description that is valid and points at the search feed', async () => {
    const response = await feed('/opds/search.xml');
    expect(response.headers['content-type']).toBe('application/opensearchdescription+xml');
    expect(response.body).toContain('template="http://localhost:80/opds/search?q={searchTerms}"');
    const broken = response.body.replace('{searchTerms}', '');
    const errors = await jingErrors('opensearch', { description: response.body, broken });
    expect(errors.description).toEqual([]);
    // The validator does reject: a template without {searchTerms} is not a search.
    expect(errors.broken).toHaveLength(1);
  });

  it('stay valid XML whatever a title holds: control characters, ]]>, <script>', async () => {
    const hostile = await postBook(ctx.app, admin, {
      title: 'Bad \u0001\u0008\u000b\u001f ]]> <script>alert(1)</script> & "quotes" end',
      author: '<b>Mallory</b> \u0007',
      price: 0,
      category: 'Hostile ]]> & <Category>',
      description: 'Line one\nLine two \u000c<![CDATA[ x ]]>',
    });
    const documents = {
      new: (await feed('/opds/new')).body,
      categories: (await feed('/opds/categories')).body,
      category: (await feed(`/opds/category?name=${encodeURIComponent('Hostile ]]> & <Category>')}`)).body,
    };
    expect(await jingErrors('opds_v1.1', documents)).toEqual({ new: [], categories: [], category: [] });
    const entry = entryOf(documents.new, 'Bad  ]]&gt; &lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes" end');
    expect(entry).toContain('<name>&lt;b&gt;Mallory&lt;/b&gt; </name>');
    expect(entry).toContain(`/opds/books/${hostile._id}/file`);
    expect(documents.new).not.toContain('<script>');
  });

  it('refuse a search without words, a missing category, and a bad page with { msg, code }', async () => {
    for (const url of ['/opds/search?q=', '/opds/category?name=Nowhere', '/opds/new?page=0', '/opds/new?page=x']) {
      const response = await inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json()).toMatchObject({ msg: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('OPDS downloads (/opds/books/:id/file) follow the web download rules', () => {
  it('free: anyone gets the PDF (Range too), and a signed-in member keeps it in My Library', async () => {
    const anyone = await inject({ url: `/opds/books/${free._id}/file` });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.headers['content-type']).toBe('application/pdf');
    expect(anyone.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const part = await inject({ url: `/opds/books/${free._id}/file`, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    expect((await inject({ url: `/opds/books/${free._id}/file`, headers: annBasic })).statusCode).toBe(200);
    expect((await feed('/opds/library', annBasic)).body).toContain('<title>A Free Walk</title>');
  });

  it('paid and not owned: 401 with a Basic challenge for a visitor, 403 for a member', async () => {
    const visitor = await inject({ url: `/opds/books/${paid._id}/file` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['www-authenticate']).toContain('Basic realm=');
    const member = await inject({ url: `/opds/books/${paid._id}/file`, headers: annBasic });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'NOT_PURCHASED' });
  });

  it('owned: the PDF for its owner through an app password, and for the web download too', async () => {
    const opds = await inject({ url: `/opds/books/${owned._id}/file`, headers: annBasic });
    expect(opds.statusCode).toBe(200);
    expect(opds.headers['content-type']).toBe('application/pdf');
    const web = await inject({ url: `/api/books/${owned._id}/pdf`, headers: ann.headers });
    expect(web.statusCode).toBe(200);
    expect(web.rawPayload.equals(opds.rawPayload)).toBe(true);
    expect((await inject({ url: `/opds/books/${owned._id}/file`, headers: ann.headers })).statusCode).toBe(401);
  });

  it('a book that is not public does not exist for others', async () => {
    await ctx.app.db.update(books).set({ status: 'pending' }).where(eq(books.id, paid._id));
    const response = await inject({ url: `/opds/books/${paid._id}/file`, headers: annBasic });
    expect(response.statusCode).toBe(404);
    await ctx.app.db.update(books).set({ status: 'added' }).where(eq(books.id, paid._id));
  });
});
