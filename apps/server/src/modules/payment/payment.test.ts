import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCards } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, simulatedGateway, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let ann: Actor;
let bob: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bob] = await Promise.all([createMember(ctx.app), createMember(ctx.app, { name: 'Bob Reader' })]);
});
afterAll(() => ctx.close());

const VISA = { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/28', cvv: '123' };
const MASTERCARD = { cardHolder: 'Ann Reader', cardNumber: '5555-5555-5555-4444', expiry: '01/27', cvv: '456' };

const list = (actor?: Actor) => ctx.app.inject({ method: 'GET', url: '/api/payment', headers: actor?.headers ?? {} });
const save = (actor: Actor | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/payment', headers: actor?.headers ?? {}, payload: payload as object });
const update = (actor: Actor, id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/payment/${id}`, headers: actor.headers, payload: payload as object });
const remove = (actor: Actor, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/payment/${id}`, headers: actor.headers });

describe('payment cards', () => {
  it('needs a session', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await save(undefined, VISA)).statusCode).toBe(401);
  });

  it('saves a card through the gateway and keeps no number or CVV', async () => {
    const member = await createMember(ctx.app);
    const response = await save(member, VISA);
    expect(response.statusCode).toBe(201);
    const { msg, card } = response.json();
    expect(msg).toBe('Card saved successfully');
    expect(card).toEqual({
      _id: expect.any(String),
      cardHolder: 'Ann Reader',
      brand: 'visa',
      last4: '4242',
      cardNumber: '•••• •••• •••• 4242',
      expiry: '12/28',
      createdAt: expect.any(String),
    });
    expect(response.body).not.toMatch(/4242-4242|4242424242424242|"cvv"|123"|tok_/);

    const [row] = await ctx.app.db.select().from(paymentCards).where(eq(paymentCards.id, card._id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4242-4242');
    expect(stored).not.toMatch(/cvv/i);
    expect(row?.gatewayToken).toMatch(/^tok_/);
    expect(await simulatedGateway(ctx.app).hasCard(row!.gatewayToken)).toBe(true);
    // The gateway's ledger keeps no card number either.
    const ledger = readFileSync(path.join(ctx.config.gatewayDir, 'ledger.jsonl'), 'utf8');
    expect(ledger).toContain(row!.gatewayToken);
    expect(ledger).not.toMatch(/4242424242424242|4242-4242/);

    const listed = (await list(member)).json();
    expect(listed).toEqual([card]);
  });

  it("keeps nothing the store's secrets can turn back into a card number", async () => {
    const member = await createMember(ctx.app);
    const { card } = (await save(member, VISA)).json();
    const [row] = await ctx.app.db.select().from(paymentCards).where(eq(paymentCards.id, card._id));
    const digits = '4242424242424242';
    const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

    // Not keyed from JWT_SECRET (in DATA_DIR/secrets.json, beside the data): with last 4 and the BIN,
    // about 10^5 guesses would find the number.
    const storeKey = hmac(ctx.config.JWT_SECRET, 'simulated-gateway:fingerprint');
    expect(row!.fingerprint).not.toBe(hmac(storeKey, digits).toString('hex').slice(0, 32));

    // Keyed with the gateway's own secret, which lives in the gateway's folder outside DATA_DIR…
    expect(path.relative(ctx.dataDir, ctx.config.gatewayDir).startsWith('..')).toBe(true);
    const secretFile = path.join(ctx.config.gatewayDir, 'secret.key');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretFile, 'utf8');
    const gatewayKey = hmac(secret, 'simulated-gateway:fingerprint');
    expect(row!.fingerprint).toBe(hmac(gatewayKey, digits).toString('hex').slice(0, 32));
    // …and nowhere in the store's data.
    const files = readdirSync(ctx.dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    for (const file of files) {
      expect(readFileSync(path.join(file.parentPath, file.name), 'utf8')).not.toContain(secret);
    }
    const dump = JSON.stringify(await ctx.app.db.select().from(paymentCards));
    expect(dump).not.toContain(secret);
  });

  it.each([
    [{ ...VISA, cardHolder: '' }, 'Name is required'],
    [{ ...VISA, cardHolder: 'Ann 2' }, 'Only letters and spaces allowed'],
    [{ ...VISA, cardHolder: '<b>Ann</b>' }, 'Only letters and spaces allowed'],
    [{ ...VISA, cardHolder: "-O'Neil" }, 'Only letters and spaces allowed'],
    [{ ...VISA, cardNumber: '' }, 'Card number is required'],
    [{ ...VISA, cardNumber: '4242424242424242' }, 'Use format: 1234-5678-9012-3456'],
    [{ ...VISA, expiry: '' }, 'Expiry is required'],
    [{ ...VISA, expiry: '13/28' }, 'Format MM/YY (YY ≥ 26)'],
    [{ ...VISA, expiry: '12/25' }, 'Format MM/YY (YY ≥ 26)'],
    [{ ...VISA, cvv: '' }, 'CVV is required'],
    [{ ...VISA, cvv: '12a' }, 'CVV must be 3 digits'],
    [{ cardHolder: 'Ann', cardNumber: '4242-4242-4242-4242', expiry: '12/28' }, 'CVV is required'],
  ])('refuses bad input %# with 400 and the form message', async (payload, message) => {
    const response = await save(ann, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ msg: message, code: 'VALIDATION_ERROR' });
  });

  it.each(["Mary-Jane O'Neil", 'J. R. R. Tolkien', 'Zoë Brontë', '李小龙', 'Анна Каренина', 'D’Artagnan'])(
    'takes the holder name %s as written',
    async (cardHolder) => {
      const member = await createMember(ctx.app);
      const response = await save(member, { ...VISA, cardHolder });
      expect(response.statusCode).toBe(201);
      expect(response.json().card.cardHolder).toBe(cardHolder);
    },
  );

  it('refuses a number that fails the Luhn check, leaving nothing saved', async () => {
    const member = await createMember(ctx.app);
    const response = await save(member, { ...VISA, cardNumber: '4242-4242-4242-4241' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      msg: 'This card number is not valid. Please check it and try again.',
      code: 'CARD_NUMBER_INVALID',
    });
    expect((await list(member)).json()).toEqual([]);
  });

  it('refuses the same card twice for one member (409) but lets another member save it', async () => {
    const member = await createMember(ctx.app);
    expect((await save(member, MASTERCARD)).statusCode).toBe(201);
    const again = await save(member, { ...MASTERCARD, cardHolder: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CARD_ALREADY_SAVED' });
    expect((await list(member)).json()).toHaveLength(1);
    expect((await save(await createMember(ctx.app), MASTERCARD)).statusCode).toBe(201);
  });

  it('updates a card through the gateway again and forgets the old token', async () => {
    const member = await createMember(ctx.app);
    const { card } = (await save(member, VISA)).json();
    const [before] = await ctx.app.db.select().from(paymentCards).where(eq(paymentCards.id, card._id));

    const response = await update(member, card._id, { ...MASTERCARD, cardHolder: 'Ann B Reader' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      msg: 'Card updated successfully',
      card: { _id: card._id, cardHolder: 'Ann B Reader', brand: 'mastercard', last4: '4444', expiry: '01/27' },
    });
    expect(await simulatedGateway(ctx.app).hasCard(before!.gatewayToken)).toBe(false);

    const missingCvv = await update(member, card._id, { ...VISA, cvv: undefined });
    expect(missingCvv.statusCode).toBe(400);
    expect(missingCvv.json().msg).toBe('CVV is required');
  });

  it("lets nobody read, change or delete another member's card", async () => {
    const { card } = (await save(ann, VISA)).json();
    expect((await list(bob)).json().some((c: { _id: string }) => c._id === card._id)).toBe(false);

    const change = await update(bob, card._id, { ...MASTERCARD, cardHolder: 'Bob' });
    expect(change.statusCode).toBe(404);
    expect(change.json()).toEqual({ msg: 'Payment card not found.', code: 'CARD_NOT_FOUND' });
    expect((await remove(bob, card._id)).statusCode).toBe(404);

    const annsCards = (await list(ann)).json();
    expect(annsCards.find((c: { _id: string }) => c._id === card._id)).toMatchObject({
      cardHolder: 'Ann Reader',
      last4: '4242',
    });
  });

  it('deletes a card (and its vault entry); a second delete is 404; a bad id is 400', async () => {
    const member = await createMember(ctx.app);
    const { card } = (await save(member, VISA)).json();
    const [row] = await ctx.app.db.select().from(paymentCards).where(eq(paymentCards.id, card._id));
    const response = await remove(member, card._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Card removed.' });
    expect((await list(member)).json()).toEqual([]);
    expect(await simulatedGateway(ctx.app).hasCard(row!.gatewayToken)).toBe(false);
    expect((await remove(member, card._id)).statusCode).toBe(404);
    expect((await remove(member, 'not-a-uuid')).statusCode).toBe(400);
  });
});
