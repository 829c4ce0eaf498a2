/**
 * Checkout: POST /api/orders is the only way money moves. The server recomputes the total and checks
 * the card is the caller's; then, before the gateway is called, it writes a payment attempt bound to
 * the Idempotency-Key and to a hash of the request; it charges with the attempt's id as the gateway's
 * idempotency key; then it writes the order in one transaction (fulfilment.service.ts). A crash at any
 * point leaves an attempt the reconciler completes, refunds or expires.
 *
 * A retry with the same key and body resumes that attempt and answers with its order; the same key
 * with another body is refused (422), as processors do. A refunded charge is never taken for payment,
 * and an order is only written for a charge of exactly its total.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  PUBLIC_BOOK_STATUSES,
  discountedCents,
  parsePriceToCents,
  type ErrorCode,
  type OrderCreate,
} from '@ebook/shared';
import type { Db, Executor } from '../../db/client.js';
import {
  books,
  cartItems,
  entitlements,
  paymentAttempts,
  type BookRow,
  type PaymentAttemptItem,
  type PaymentAttemptRow,
} from '../../db/schema/index.js';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  paymentRequired,
  unavailable,
  unprocessable,
} from '../../lib/errors.js';
import { type ChargeResult, type PaymentGateway, requireOwnCard } from '../payment/index.js';
import { getRunningPromotion } from '../promotion/index.js';
import { fulfilAttempt, type Fulfilment, type OrderPlacedListener } from './fulfilment.service.js';
import type { OrderView } from './orders.service.js';

export interface CheckoutInput {
  userId: string;
  request: OrderCreate;
  idempotencyKey?: string;
  currency: string;
  /** After this long an unfinished checkout belongs to the reconciler. */
  attemptTimeoutMs: number;
  /** Told of the order this request wrote, once its transaction has committed (receipt, notification). */
  onOrderPlaced?: OrderPlacedListener;
}

export const KEY_REUSED_MESSAGE =
  'This payment was already started with different details. Please review your order and pay again.';

const REFUND_MESSAGES: Record<string, string> = {
  ALREADY_OWNED: 'You already own a selected book. Find it in My Library.',
  BOOK_UNAVAILABLE: 'A selected book is no longer available.',
  MEMBER_GONE: 'This account no longer exists.',
  AMOUNT_MISMATCH: 'The payment did not match the order total.',
};

const DECLINES: Record<string, { code: ErrorCode; msg: string }> = {
  declined: { code: 'CARD_DECLINED', msg: 'Your card was declined. Please use another card.' },
  insufficient_funds: { code: 'INSUFFICIENT_FUNDS', msg: 'Your card has insufficient funds. Please use another card.' },
  unknown_card: { code: 'CARD_DECLINED', msg: 'This card can no longer be charged. Please add it again.' },
};

/**
 * The request as the key is bound to it: the books (as a set), the card and the total the member saw.
 * The legacy `userId` field is not part of it (the session decides who pays).
 */
export function checkoutRequestHash(request: OrderCreate): string {
  const total = request.total === undefined ? null : (parsePriceToCents(request.total) ?? String(request.total));
  const canonical = JSON.stringify({ books: [...new Set(request.books)].sort(), paymentId: request.paymentId, total });
  return createHash('sha256').update(canonical).digest('hex');
}

export async function createOrder(
  db: Db,
  gateway: PaymentGateway,
  input: CheckoutInput,
): Promise<{ view: OrderView; replayed: boolean }> {
  const { userId, request } = input;
  const key = input.idempotencyKey ?? `auto:${randomUUID()}`;
  const requestHash = checkoutRequestHash(request);

  const existing = input.idempotencyKey ? await findAttempt(db, userId, key) : undefined;
  if (existing) return resume(db, gateway, existing, requestHash, input);

  const { card, items, totalCents } = await prepareCheckout(db, userId, request);
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      userId,
      idempotencyKey: key,
      requestHash,
      cardId: card.id,
      cardBrand: card.brand,
      cardLast4: card.last4,
      items,
      amountCents: totalCents,
      currency: input.currency,
    })
    .onConflictDoNothing({ target: [paymentAttempts.userId, paymentAttempts.idempotencyKey] })
    .returning();
  if (!attempt) {
    // A racing request with this key wrote its attempt first: follow it.
    const winner = await findAttempt(db, userId, key);
    if (!winner) throw new Error('payment attempt vanished after a key conflict');
    return resume(db, gateway, winner, requestHash, input);
  }
  const result = await charge(gateway, attempt, card.gatewayToken);
  return settle(db, gateway, attempt, result, input.onOrderPlaced);
}

/** The same key again: the first request's answer, or the unfinished checkout carried on. */
async function resume(
  db: Db,
  gateway: PaymentGateway,
  attempt: PaymentAttemptRow,
  requestHash: string,
  input: CheckoutInput,
): Promise<{ view: OrderView; replayed: boolean }> {
  if (attempt.requestHash !== requestHash) throw unprocessable(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
  switch (attempt.status) {
    case 'declined':
      throw declined(attempt.failure ?? 'declined');
    case 'refunded':
      throw refunded(attempt.failure);
    case 'expired':
      throw expired();
    default:
      break;
  }
  let result = await gateway.findCharge(attempt.id);
  if (!result) {
    // Never charged. Too old to charge now: the reconciler may be about to expire it.
    if (Date.now() - attempt.createdAt.getTime() > input.attemptTimeoutMs / 2) throw expired();
    if (!attempt.cardId) throw notFound('Payment card not found.', 'CARD_NOT_FOUND');
    const card = await requireOwnCard(db, { userId: input.userId, cardId: attempt.cardId });
    result = await charge(gateway, attempt, card.gatewayToken);
  }
  // 201 when this request wrote the order (a racing twin may have), 200 when it was already there.
  return settle(db, gateway, attempt, result, input.onOrderPlaced);
}

/** Charges for the attempt, with its id as the gateway's idempotency key. */
async function charge(gateway: PaymentGateway, attempt: PaymentAttemptRow, token: string): Promise<ChargeResult> {
  try {
    return await gateway.charge({
      token,
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      idempotencyKey: attempt.id,
    });
  } catch (error) {
    // Charged or not, the attempt is on record: a retry with the same key, or the reconciler, settles it.
    throw Object.assign(
      unavailable('The payment service is not available right now. Please try again.', 'PAYMENT_UNAVAILABLE'),
      { cause: error },
    );
  }
}

/** After the gateway answered: record a decline, or write the order for the charge. */
async function settle(
  db: Db,
  gateway: PaymentGateway,
  attempt: PaymentAttemptRow,
  result: ChargeResult,
  onOrderPlaced?: OrderPlacedListener,
): Promise<{ view: OrderView; replayed: boolean }> {
  if (!result.ok) {
    await db
      .update(paymentAttempts)
      .set({ status: 'declined', failure: result.reason })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
    throw declined(result.reason);
  }
  let fulfilment: Fulfilment;
  try {
    await db
      .update(paymentAttempts)
      .set({ status: 'charged', chargeId: result.charge.id })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
    fulfilment = await fulfilAttempt(
      { db, paymentGateway: gateway },
      { attemptId: attempt.id, charge: result.charge, onPlaced: onOrderPlaced },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Charged, but the order could not be written now (the database went away): the attempt is on
    // record, so a retry with the same key or the reconciler finishes it. Never a second charge.
    throw Object.assign(
      unavailable(
        'We could not confirm your order yet. Your books will appear in My Library shortly, or the ' +
          'payment will be refunded. Trying again will not charge you twice.',
        'ORDER_PENDING',
      ),
      { cause: error },
    );
  }
  if (fulfilment.kind === 'refunded') throw refunded(fulfilment.reason);
  return { view: fulfilment.view, replayed: !fulfilment.created };
}

const declined = (reason: string) => {
  const decline = DECLINES[reason] ?? DECLINES.declined!;
  return paymentRequired(decline.msg, decline.code);
};

const refunded = (reason: string | null) =>
  reason === 'ALREADY_OWNED'
    ? conflict(`${REFUND_MESSAGES.ALREADY_OWNED} Your payment was refunded.`, 'ALREADY_OWNED')
    : conflict(
        `${(reason && REFUND_MESSAGES[reason]) ?? 'The order could not be completed.'} Your payment was refunded.`,
        'PAYMENT_REFUNDED',
      );

const expired = () =>
  conflict('This checkout has expired. Please review your order and pay again.', 'CHECKOUT_EXPIRED');

async function findAttempt(db: Executor, userId: string, key: string): Promise<PaymentAttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.userId, userId), eq(paymentAttempts.idempotencyKey, key)));
  return attempt;
}

/** The rules before any money moves: the caller's card, books in the cart, public, paid, not owned. */
async function prepareCheckout(db: Db, userId: string, request: OrderCreate) {
  const card = await requireOwnCard(db, { userId, cardId: request.paymentId });
  const bookIds = [...new Set(request.books)];
  const selected = await cartBooks(db, userId, bookIds);
  if (selected.length === 0) throw badRequest('No selected books found in cart.', 'NOT_IN_CART');
  if (selected.length < bookIds.length) {
    throw badRequest('Some selected books are no longer in your cart. Please review your order.', 'CART_CHANGED');
  }
  for (const book of selected) {
    if (!PUBLIC_BOOK_STATUSES.includes(book.status)) {
      throw badRequest(`"${book.title}" is no longer available.`, 'BOOK_UNAVAILABLE');
    }
    if (book.priceCents === 0) throw badRequest(`"${book.title}" is free: download it instead.`, 'BOOK_IS_FREE');
  }
  const owned = await db
    .select({ bookId: entitlements.bookId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.bookId, bookIds)));
  if (owned.length > 0) throw conflict('You already own a selected book. Find it in My Library.', 'ALREADY_OWNED');

  // Each book at the price paid now: the store-wide promotion applies to every paid book.
  const promotion = await getRunningPromotion(db);
  const items: PaymentAttemptItem[] = selected.map((book) => ({
    bookId: book.id,
    title: book.title,
    priceCents: discountedCents(book.priceCents, promotion?.percentOff),
    listPriceCents: book.priceCents,
  }));
  const totalCents = items.reduce((sum, item) => sum + item.priceCents, 0);
  if (request.total !== undefined && parsePriceToCents(request.total) !== totalCents) {
    throw conflict('The total has changed. Please review your order.', 'TOTAL_MISMATCH');
  }
  return { card, items, totalCents };
}

async function cartBooks(db: Executor, userId: string, bookIds: string[]): Promise<BookRow[]> {
  const rows = await db
    .select({ book: books })
    .from(cartItems)
    .innerJoin(books, eq(books.id, cartItems.bookId))
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.bookId, bookIds)));
  return rows.map((row) => row.book);
}
