/** A sold book stays with its buyers: deleting an owned book unlists it; order history keeps the sale. */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createAdmin, createMember, type Actor } from '../../test/factories.js';
import { bookBody, dataUrl, makePdf, makePng, postBook, storedFiles } from '../../test/books.js';

let ctx: TestContext;
let admin: Actor;
let ann: Actor;
let bob: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  ann = await createMember(ctx.app, { name: 'Ann Owner' });
  bob = await createMember(ctx.app, { name: 'Bob Browser' });
});
afterAll(() => ctx.close());

const inject = (options: InjectOptions) => ctx.app.inject(options);
const get = (url: string, actor?: Actor) => inject({ method: 'GET', url, headers: actor?.headers ?? {} });
const post = (url: string, actor: Actor, payload: object) =>
  inject({ method: 'POST', url, headers: actor.headers, payload });

describe('deleting a book that members own', () => {
  let book: Book;

  beforeAll(async () => {
    book = await postBook(ctx.app, admin, { title: 'The Kept Promise', price: 7.5 });
    await buyBook(ctx.app, ann, book._id);
    expect((await post('/api/cart/add', bob, { bookId: book._id })).statusCode).toBe(201);
    expect((await post('/api/wishlist/add', bob, { bookId: book._id })).statusCode).toBeLessThan(300);
  });

  it('tells the admin how many members own it, and only the admin', async () => {
    const owners = await get(`/api/books/${book._id}/owners`, admin);
    expect(owners.statusCode).toBe(200);
    expect(owners.json()).toEqual({ owners: 1 });
    expect((await get(`/api/books/${book._id}/owners`, bob)).statusCode).toBe(403);
    expect((await get(`/api/books/${book._id}/owners`)).statusCode).toBe(401);
  });

  it('unlists it instead: gone from the catalogue, search, carts and wishlists, no new sales', async () => {
    const filesBefore = await storedFiles(ctx.app.fileStore);
    const removed = await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ msg: 'Book has been removed.', outcome: 'unlisted', owners: 1 });

    expect((await get(`/api/books/${book._id}`)).statusCode).toBe(404);
    expect((await get(`/api/books/${book._id}`, bob)).statusCode).toBe(404);
    const search = await get(`/api/books?q=${encodeURIComponent('Kept Promise')}`);
    expect(search.json<{ books: Book[] }>().books.map((b) => b._id)).not.toContain(book._id);
    const all = await get('/api/books/all');
    expect(all.json<Book[]>().map((b) => b._id)).not.toContain(book._id);

    expect((await get('/api/cart', bob)).json().items).toEqual([]);
    expect((await get('/api/wishlist', bob)).json()).toEqual([]);
    const again = await post('/api/cart/add', bob, { bookId: book._id });
    expect(again.statusCode).toBe(404);
    // The checkout refuses it: it is in nobody's cart any more.
    const card = await post('/api/payment', bob, {
      cardHolder: 'Bob Browser',
      cardNumber: '4242-4242-4242-4242',
      expiry: '12/29',
      cvv: '123',
    });
    const order = await post('/api/orders', bob, { books: [book._id], paymentId: card.json().card._id });
    expect(order.statusCode).toBe(400);
    expect(order.json().code).toBe('NOT_IN_CART');
    // Its files stay while anyone owns it.
    expect(await storedFiles(ctx.app.fileStore)).toEqual(filesBefore);
  });

  it('the owner keeps it in My Library, sees its page and cover, and downloads it', async () => {
    const owned = await get('/api/orders/owned', ann);
    expect(owned.json<{ books: Book[] }>().books.map((b) => b._id)).toContain(book._id);
    const page = await get(`/api/books/${book._id}`, ann);
    expect(page.statusCode).toBe(200);
    expect(page.json<Book>()).toMatchObject({ status: 'unlisted', owned: true });
    expect((await get(`/api/books/${book._id}/cover`, ann)).statusCode).toBe(200);
    const pdf = await get(`/api/books/${book._id}/pdf`, ann);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('nobody else can download it or see its cover (404)', async () => {
    expect((await get(`/api/books/${book._id}/pdf`, bob)).statusCode).toBe(404);
    expect((await get(`/api/books/${book._id}/pdf`)).statusCode).toBe(404);
    expect((await get(`/api/books/${book._id}/cover`, bob)).statusCode).toBe(404);
    const link = await inject({ method: 'POST', url: `/api/books/${book._id}/download-link`, headers: bob.headers });
    expect(link.statusCode).toBe(404);
  });

  it('order history keeps the title and price paid after the book changes', async () => {
    const edited = await inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: admin.headers,
      payload: { ...(await bookBody({ title: 'Renamed Later', price: 99 })), image: undefined, pdf: undefined },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().book.status).toBe('unlisted');
    const history = await get('/api/orders', ann);
    const [sold] = history.json().orders[0].books;
    expect(sold).toMatchObject({ _id: book._id, title: 'The Kept Promise', price: 7.5, priceCents: 750 });
  });

  it('deleting it again keeps it unlisted; only Delete unlists', async () => {
    const again = await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect(again.json()).toMatchObject({ outcome: 'unlisted', owners: 1 });
    const listed = await postBook(ctx.app, admin);
    const refused = await inject({
      method: 'PUT',
      url: `/api/books/${listed._id}`,
      headers: admin.headers,
      payload: { ...(await bookBody({ status: 'unlisted' })), image: undefined, pdf: undefined },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_ERROR');
    expect((await get(`/api/books/${listed._id}`)).json().status).toBe('added');
  });
});

describe('a free book taken by a signed-in member', () => {
  it('is recorded as theirs, so deleting it unlists it', async () => {
    const free = await postBook(ctx.app, admin, { price: 0 });
    expect((await get(`/api/books/${free._id}`, bob)).json()).toMatchObject({ owned: false });
    expect((await get(`/api/books/${free._id}/pdf`)).statusCode).toBe(200);
    expect((await get(`/api/books/${free._id}/owners`, admin)).json()).toEqual({ owners: 0 });
    expect((await get(`/api/books/${free._id}/pdf`, bob)).statusCode).toBe(200);
    expect((await get(`/api/books/${free._id}/owners`, admin)).json()).toEqual({ owners: 1 });
    expect((await get(`/api/books/${free._id}`, bob)).json()).toMatchObject({ owned: true });
    const removed = await inject({ method: 'DELETE', url: `/api/books/${free._id}`, headers: admin.headers });
    expect(removed.json()).toMatchObject({ outcome: 'unlisted', owners: 1 });
  });
});

describe('deleting a book nobody owns', () => {
  it('deletes it and its files, as before', async () => {
    const before = await storedFiles(ctx.app.fileStore);
    const book = await postBook(ctx.app, admin, {
      title: 'Nobody Bought Me',
      image: dataUrl('image/png', await makePng('#13579b')),
      pdf: dataUrl('application/pdf', await makePdf('Nobody bought me')),
    });
    expect((await storedFiles(ctx.app.fileStore)).length).toBe(before.length + 2);
    const removed = await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect(removed.json()).toEqual({ msg: 'Book has been removed.', outcome: 'deleted', owners: 0 });
    expect((await get(`/api/books/${book._id}`, admin)).statusCode).toBe(404);
    expect(await storedFiles(ctx.app.fileStore)).toEqual(before);
  });
});
