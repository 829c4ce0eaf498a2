/** Small factories for test data; each makes what one test needs, through the real API where it can. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { User } from '@ebook/shared';
import type { App } from '../app.js';
import { books, users } from '../db/schema/index.js';
import { SimulatedGateway } from '../modules/payment/gateway/simulated-gateway.js';

export const TEST_PASSWORD = 'quiet-library-42';

export interface Actor {
  user: User;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

export function uniqueEmail(prefix = 'reader'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function createMember(
  app: App,
  overrides: Partial<{ name: string; email: string; phone: string; password: string }> = {},
): Promise<Actor> {
  const body = {
    name: overrides.name ?? 'Ada Reader',
    email: overrides.email ?? uniqueEmail(),
    phone: overrides.phone ?? '+94771234567',
    password: overrides.password ?? TEST_PASSWORD,
  };
  const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  return loginAs(app, body.email, body.password);
}

export async function createAdmin(app: App): Promise<Actor> {
  const member = await createMember(app, { name: 'Grace Admin', email: uniqueEmail('admin') });
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, member.user._id));
  return loginAs(app, member.user.email, TEST_PASSWORD);
}

export async function loginAs(app: App, email: string, password: string): Promise<Actor> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const { token, user } = response.json<{ token: string; user: User }>();
  return { token, user, headers: { authorization: `Bearer ${token}` } };
}

let bookCounter = 0;

/**
 * Inserts a book straight into the database (no files unless given). For tests of other modules
 * that need books to exist; the books module's own tests go through its API.
 */
export async function createBook(
  app: App,
  overrides: Partial<typeof books.$inferInsert> = {},
): Promise<typeof books.$inferSelect> {
  bookCounter += 1;
  const [book] = await app.db
    .insert(books)
    .values({
      title: `Test Book ${bookCounter} ${randomUUID().slice(0, 6)}`,
      author: 'Test Author',
      category: 'Arts & Photography',
      priceCents: 999,
      story: 'Once upon a time.',
      description: 'A book made for a test.',
      status: 'added',
      meta: {},
      ...overrides,
    })
    .returning();
  return book!;
}

/** The app's payment gateway as the simulated one, to look into its vault and ledger. */
export function simulatedGateway(app: App): SimulatedGateway {
  if (!(app.paymentGateway instanceof SimulatedGateway)) throw new Error('the app does not use the simulated gateway');
  return app.paymentGateway;
}

/** Cards saved per member by buyBook, so a member buying twice saves one card. */
const savedCards = new WeakMap<App, Map<string, string>>();

/**
 * A member buys one book through the API (saves a test card once, adds the book to the cart, orders
 * it) and gets the order's id. Throws with the answer's body on any refusal.
 */
export async function buyBook(app: App, actor: Actor, bookId: string): Promise<string> {
  const post = async (url: string, payload: object, expected: number) => {
    const response = await app.inject({ method: 'POST', url, headers: actor.headers, payload });
    if (response.statusCode !== expected) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const cards = savedCards.get(app) ?? new Map<string, string>();
  savedCards.set(app, cards);
  let cardId = cards.get(actor.user._id);
  if (!cardId) {
    const card = await post(
      '/api/payment',
      { cardHolder: 'Test Holder', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
      201,
    );
    cardId = card.json<{ card: { _id: string } }>().card._id;
    cards.set(actor.user._id, cardId);
  }
  await post('/api/cart/add', { bookId }, 201);
  const order = await post('/api/orders', { books: [bookId], paymentId: cardId }, 201);
  return order.json<{ order: { _id: string } }>().order._id;
}
