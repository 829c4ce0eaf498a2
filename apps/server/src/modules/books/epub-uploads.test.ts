/**
 * EPUB as a format of its own: a book with an EPUB, a PDF or both (formats), its download with the
 * PDF's access rules, Range and signed links, the form's metadata prefill, and the refusals of hostile
 * EPUBs (bombs, names that climb out, encryption and DRM, missing mimetype, container or package),
 * each 422 with its code and nothing stored.
 */
import type { Book } from '@ebook/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { bookBody, bookFields, storeSnapshot, dataUrl, makePng, multipart, postBook } from '../../test/books.js';
import { EPUB_MIME, flagEncrypted, makeEpub, rawZip, renameEntry } from '../../test/epubs.js';
import { CONTAINER_XML } from '../../lib/build-epub.js';

let ctx: TestContext;
let member: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx.app);
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const snapshot = () => storeSnapshot(ctx.app);

async function postEpubBook(actor: Actor, epub: Buffer, extra: { pdf?: Buffer; price?: string } = {}) {
  const form = multipart({ ...(await bookFields('Lantern Book')), ...(extra.price && { price: extra.price }) }, [
    { field: 'image', filename: 'c.png', mime: 'image/png', bytes: await makePng('#224466') },
    { field: 'epub', filename: 'book.epub', mime: EPUB_MIME, bytes: epub },
    ...(extra.pdf ? [{ field: 'pdf', filename: 'b.pdf', mime: 'application/pdf', bytes: extra.pdf }] : []),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/books/',
    headers: { ...actor.headers, ...form.headers },
    payload: form.payload,
  });
}

async function metadataOf(actor: Actor, epub: Buffer) {
  const form = multipart({}, [{ field: 'epub', filename: 'book.epub', mime: EPUB_MIME, bytes: epub }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/books/epub-metadata',
    headers: { ...actor.headers, ...form.headers },
    payload: form.payload,
  });
}

const OPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427</dc:identifier>
    <dc:title>Hostile</dc:title><dc:language>en</dc:language>
    <meta property="dcterms:modified">2000-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c1" href="aa/c1.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="c1"/></spine>
</package>`;
const PAGE = '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body><p>x</p></body></html>';

/** The entries of a small valid EPUB, to break one rule at a time. */
function entries(): [string, Buffer | string, { compress?: boolean }?][] {
  return [
    ['mimetype', EPUB_MIME, { compress: false }],
    ['META-INF/container.xml', CONTAINER_XML],
    ['OEBPS/content.opf', OPF],
    ['OEBPS/nav.xhtml', PAGE],
    ['OEBPS/aa/c1.xhtml', PAGE],
  ];
}

describe('books with an EPUB', () => {
  let book: Book;

  it('a member adds a book with only an EPUB: formats name it, the PDF is absent', async () => {
    const response = await postEpubBook(member, await makeEpub());
    expect(response.statusCode).toBe(201);
    book = response.json<{ book: Book }>().book;
    expect(book.formats).toEqual(['epub']);
    expect(book.pdf).toBeNull();
    expect(await ctx.app.db.$count(files, eq(files.mime, EPUB_MIME))).toBe(1);
  });

  it('the EPUB downloads like the PDF: content type, Range, the PDF route says there is none', async () => {
    const whole = await ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}/epub`, headers: member.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe(EPUB_MIME);
    expect(String(whole.headers['content-disposition'])).toContain('.epub');
    expect(whole.rawPayload.subarray(30, 38).toString()).toBe('mimetype');
    const range = await ctx.app.inject({
      method: 'GET',
      url: `/api/books/${book._id}/epub`,
      headers: { ...member.headers, range: 'bytes=0-57' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.toString('latin1')).toContain('application/epub+zip');
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}/pdf`, headers: member.headers });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().code).toBe('FILE_NOT_FOUND');
    // A pending book is the submitter's and the admins' only.
    const stranger = await createMember(ctx.app);
    const hidden = await ctx.app.inject({
      method: 'GET',
      url: `/api/books/${book._id}/epub`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('a signed link opens the format it was made for, not the other', async () => {
    const free = await postBook(ctx.app, admin, { price: 0, epub: dataUrl(EPUB_MIME, await makeEpub()) });
    expect(free.formats).toEqual(['pdf', 'epub']);
    const link = await ctx.app.inject({ method: 'POST', url: `/api/books/${free._id}/download-link?format=epub` });
    expect(link.statusCode).toBe(200);
    const { url } = link.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/api/books/${free._id}/epub\\?exp=`));
    const signed = await ctx.app.inject({ method: 'GET', url });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe(EPUB_MIME);
    const pdfLink = await ctx.app.inject({ method: 'POST', url: `/api/books/${free._id}/download-link` });
    expect(pdfLink.json<{ url: string }>().url).toContain('/pdf?');
    // The PDF's signature does not open the EPUB of a paid book.
    const paid = await postBook(ctx.app, admin, { price: 5, epub: dataUrl(EPUB_MIME, await makeEpub()) });
    const adminLink = await ctx.app.inject({
      method: 'POST',
      url: `/api/books/${paid._id}/download-link`,
      headers: admin.headers,
    });
    const swapped = adminLink.json<{ url: string }>().url.replace('/pdf?', '/epub?');
    expect((await ctx.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(401);
    const noEpub = await postBook(ctx.app, admin, { price: 0 });
    const missing = await ctx.app.inject({ method: 'POST', url: `/api/books/${noEpub._id}/download-link?format=epub` });
    expect(missing.statusCode).toBe(404);
  });

  it('editing a listed EPUB-only book keeps it listed (a cover and an EPUB are a whole book)', async () => {
    const created = await postEpubBook(admin, await makeEpub());
    expect(created.statusCode).toBe(201);
    const added = created.json<{ book: Book }>().book;
    expect(added).toMatchObject({ status: 'added', formats: ['epub'] });
    // The member's EPUB-only book, approved, then edited by the admin.
    const submitted = (await postEpubBook(member, await makeEpub())).json<{ book: Book }>().book;
    const approve = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/books/approve/${submitted._id}`,
      headers: admin.headers,
    });
    expect(approve.statusCode).toBe(200);
    for (const [book, status] of [
      [added, 'added'],
      [submitted, 'approved'],
    ] as const) {
      const { image: _image, pdf: _pdf, ...fields } = await bookBody({ title: `${book.title} (revised)` });
      const edited = await ctx.app.inject({
        method: 'PUT',
        url: `/api/books/${book._id}`,
        headers: admin.headers,
        payload: fields,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<{ book: Book }>().book).toMatchObject({ status, formats: ['epub'] });
      const listed = await ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}` });
      expect(listed.statusCode).toBe(200);
    }
  });

  it('an EPUB added to a PDF book on edit: both formats, the PDF kept', async () => {
    const created = await postBook(ctx.app, admin, {});
    expect(created.formats).toEqual(['pdf']);
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${created._id}`,
      headers: admin.headers,
      payload: {
        ...(await bookBody({ title: created.title })),
        pdf: undefined,
        image: undefined,
        epub: dataUrl(EPUB_MIME, await makeEpub()),
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ book: Book }>().book.formats).toEqual(['pdf', 'epub']);
  });

  it('a new book without a PDF or an EPUB is refused', async () => {
    const form = multipart(await bookFields('No Book File'), [
      { field: 'image', filename: 'c.png', mime: 'image/png', bytes: await makePng() },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
  });

  it('epub-metadata answers the package metadata and stores nothing', async () => {
    const before = await snapshot();
    const response = await metadataOf(
      member,
      await makeEpub({ cover: { bytes: await makePng(), mediaType: 'image/png' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'The Lantern Keeper',
      authors: ['Mira Holt'],
      language: 'en',
      identifier: 'urn:isbn:9780306406157',
      isbn: '9780306406157',
      description: 'A quiet story of a lighthouse.',
      publisher: 'Harbour Press',
      date: '2021-04-01',
      subjects: ['Fiction', 'Sea stories'],
      hasCover: true,
    });
    expect(await snapshot()).toEqual(before);
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/books/epub-metadata' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('hostile EPUBs', () => {
  const bomb = async () => {
    const list = entries();
    list.push(['OEBPS/zeros.xhtml', Buffer.alloc(20 * 1024 * 1024)]);
    return rawZip(list);
  };
  it.each<[string, () => Promise<Buffer>, string]>([
    ['not a zip', async () => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), 'EPUB_UNREADABLE'],
    ['a zip bomb (20 MB of zeros in 20 KB)', bomb, 'EPUB_TOO_LARGE'],
    [
      'an entry named ../',
      async () => renameEntry(await rawZip(entries()), 'OEBPS/aa/c1', 'OEBPS/../c1'),
      'EPUB_UNSAFE_PATH',
    ],
    [
      'an absolute entry name',
      async () => renameEntry(await rawZip(entries()), 'OEBPS/aa/c1', '/tmp/aa/c11'.slice(0, 11)),
      'EPUB_UNSAFE_PATH',
    ],
    ['encrypted entries', async () => flagEncrypted(await rawZip(entries())), 'EPUB_ENCRYPTED'],
    [
      'DRM: encryption.xml with encrypted data',
      () =>
        rawZip([
          ...entries(),
          [
            'META-INF/encryption.xml',
            '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#"/></encryption>',
          ],
        ]),
      'EPUB_ENCRYPTED',
    ],
    ['DRM: rights.xml', () => rawZip([...entries(), ['META-INF/rights.xml', '<rights/>']]), 'EPUB_ENCRYPTED'],
    ['no mimetype', () => rawZip(entries().slice(1)), 'EPUB_INVALID'],
    [
      'a wrong mimetype',
      () => rawZip([['mimetype', 'application/zip', { compress: false }], ...entries().slice(1)]),
      'EPUB_INVALID',
    ],
    ['no container.xml', () => rawZip(entries().filter(([name]) => name !== 'META-INF/container.xml')), 'EPUB_INVALID'],
    ['no package document', () => rawZip(entries().filter(([name]) => name !== 'OEBPS/content.opf')), 'EPUB_INVALID'],
    [
      'a package document with entity declarations',
      () =>
        rawZip(
          entries().map(([name, content, options]) =>
            name === 'OEBPS/content.opf'
              ? [name, OPF.replace('<package', '<!DOCTYPE p [<!ENTITY a "aaaa">]>\n<package'), options]
              : [name, content, options],
          ),
        ),
      'EPUB_INVALID',
    ],
    [
      'a spine file that is missing',
      () => rawZip(entries().filter(([name]) => name !== 'OEBPS/aa/c1.xhtml')),
      'EPUB_INVALID',
    ],
  ])(
    '%s → 422 %s, nothing stored (upload and metadata)',
    async (_name, make, code) => {
      const bytes = await make();
      const before = await snapshot();
      const upload = await postEpubBook(member, bytes);
      expect(upload.json()).toMatchObject({ code });
      expect(upload.statusCode).toBe(422);
      const metadata = await metadataOf(member, bytes);
      expect(metadata.statusCode).toBe(422);
      expect(metadata.json().code).toBe(code);
      expect(await snapshot()).toEqual(before);
    },
    60_000,
  );

  it('the valid entries alone are accepted (the refusals above each break one rule)', async () => {
    const response = await metadataOf(member, await rawZip(entries()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Hostile', language: 'en', hasCover: false });
  });
});

describe('hostile PDF beside an EPUB', () => {
  it('an EPUB with a broken PDF is refused whole', async () => {
    const before = await snapshot();
    const response = await postEpubBook(member, await makeEpub(), { pdf: Buffer.from('%PDF-1.7\nnot really') });
    expect(response.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe('reading progress in an EPUB', () => {
  it('keeps a locator and a percentage, shown in Continue reading; a PDF page replaces it', async () => {
    const reader = await createMember(ctx.app);
    const book = await postBook(ctx.app, admin, { price: 0, epub: dataUrl(EPUB_MIME, await makeEpub()) });
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/books/${book._id}/progress`, headers: reader.headers, payload });
    const locator = 'epubcfi(/6/4!/4/2/1:0)';
    const saved = await put({ format: 'epub', locator, percentage: 0.25 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ format: 'epub', page: null, pages: null, locator, percentage: 0.25 });
    const got = await ctx.app.inject({
      method: 'GET',
      url: `/api/books/${book._id}/progress`,
      headers: reader.headers,
    });
    expect(got.json().progress).toMatchObject({ format: 'epub', locator, percentage: 0.25 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/users/me/reading', headers: reader.headers });
    expect(list.json().books[0]).toMatchObject({
      book: { _id: book._id, formats: ['pdf', 'epub'] },
      progress: { locator },
    });
    for (const bad of [
      { format: 'epub', locator: 'x'.repeat(1001), percentage: 0.5 },
      { format: 'epub', locator, percentage: 1.5 },
      { format: 'epub', locator: '', percentage: 0.5 },
      { format: 'epub', percentage: 0.5 },
    ]) {
      const refused = await put(bad);
      expect(refused.statusCode).toBe(400);
    }
    const pdf = await put({ page: 2, pages: 4 });
    expect(pdf.json()).toMatchObject({ format: 'pdf', page: 2, pages: 4, locator: null, percentage: 0.5 });
    const pdfOnly = await postBook(ctx.app, admin, { price: 0 });
    const none = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${pdfOnly._id}/progress`,
      headers: reader.headers,
      payload: { format: 'epub', locator, percentage: 0.1 },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('FILE_NOT_FOUND');
  });
});
