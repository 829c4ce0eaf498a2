/**
 * Saved payment cards. The card goes to the gateway once; the store keeps only its token, brand,
 * last 4 digits, fingerprint, holder and expiry. The CVV is passed through and never kept.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { CardInput } from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { paymentCards, type PaymentCardRow } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';

export async function listCards(db: Executor, userId: string): Promise<PaymentCardRow[]> {
  return db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(asc(paymentCards.createdAt), asc(paymentCards.id));
}

/** The caller's card; another member's card is "not found", so ids reveal nothing. */
export async function requireOwnCard(
  db: Executor,
  { userId, cardId }: { userId: string; cardId: string },
): Promise<PaymentCardRow> {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)));
  if (!card) throw notFound('Payment card not found.', 'CARD_NOT_FOUND');
  return card;
}

async function assertNotDuplicate(db: Executor, userId: string, fingerprint: string, exceptId?: string) {
  const [same] = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.userId, userId),
        eq(paymentCards.fingerprint, fingerprint),
        exceptId ? ne(paymentCards.id, exceptId) : undefined,
      ),
    );
  if (same) throw conflict('This card is already saved.', 'CARD_ALREADY_SAVED');
}

export async function saveCard(
  app: Pick<FastifyInstance, 'db' | 'paymentGateway'>,
  { userId, input }: { userId: string; input: CardInput },
) {
  const { db, paymentGateway: gateway } = app;
  const vaulted = await gateway.saveCard({
    holder: input.cardHolder,
    number: input.cardNumber,
    expiry: input.expiry,
    cvv: input.cvv,
  });
  try {
    await assertNotDuplicate(db, userId, vaulted.fingerprint);
    const [card] = await db
      .insert(paymentCards)
      .values({
        userId,
        gatewayToken: vaulted.token,
        brand: vaulted.brand,
        last4: vaulted.last4,
        fingerprint: vaulted.fingerprint,
        holder: input.cardHolder,
        expiry: input.expiry,
      })
      .returning();
    return card!;
  } catch (error) {
    await gateway.removeCard(vaulted.token);
    throw error;
  }
}

/** Replaces a card's details: the number and CVV are re-entered and go through the gateway again. */
export async function updateCard(
  app: Pick<FastifyInstance, 'db' | 'paymentGateway'>,
  { userId, cardId, input }: { userId: string; cardId: string; input: CardInput },
) {
  const { db, paymentGateway: gateway } = app;
  const existing = await requireOwnCard(db, { userId, cardId });
  const vaulted = await gateway.saveCard({
    holder: input.cardHolder,
    number: input.cardNumber,
    expiry: input.expiry,
    cvv: input.cvv,
  });
  try {
    await assertNotDuplicate(db, userId, vaulted.fingerprint, cardId);
    const [card] = await db
      .update(paymentCards)
      .set({
        gatewayToken: vaulted.token,
        brand: vaulted.brand,
        last4: vaulted.last4,
        fingerprint: vaulted.fingerprint,
        holder: input.cardHolder,
        expiry: input.expiry,
      })
      .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)))
      .returning();
    if (!card) throw notFound('Payment card not found.', 'CARD_NOT_FOUND');
    await gateway.removeCard(existing.gatewayToken);
    return card;
  } catch (error) {
    await gateway.removeCard(vaulted.token);
    throw error;
  }
}

export async function deleteCard(
  app: Pick<FastifyInstance, 'db' | 'paymentGateway'>,
  { userId, cardId }: { userId: string; cardId: string },
): Promise<void> {
  const { db, paymentGateway: gateway } = app;
  const card = await requireOwnCard(db, { userId, cardId });
  await db.delete(paymentCards).where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)));
  await gateway.removeCard(card.gatewayToken);
}
