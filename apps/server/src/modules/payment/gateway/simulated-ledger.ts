/**
 * The simulated processor's own books: an append-only journal file (JSON lines) in the gateway's
 * directory, outside the store's database, as a real processor's ledger would be. Every record is
 * flushed to disk before it is acted on, so a charge survives a killed process.
 *
 * Several processes may share one journal (several store copies on one machine). Appends are atomic
 * (O_APPEND) and the first charge record for an idempotency key wins, the way a unique index would:
 * every process that reads the journal agrees on it. A record torn by a crash is skipped (each record
 * starts on a fresh line, so a torn one never swallows the next).
 */
import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export type CardBehaviour = 'succeed' | 'decline' | 'insufficient_funds';
export type ChargeOutcome = 'succeeded' | 'declined' | 'insufficient_funds' | 'unknown_card';

type Entry =
  | { type: 'card'; token: string; behaviour: CardBehaviour; at: string }
  | { type: 'card-removed'; token: string; at: string }
  | {
      type: 'charge';
      id: string;
      idempotencyKey: string;
      token: string;
      amountCents: number;
      currency: string;
      outcome: ChargeOutcome;
      at: string;
    }
  /** Without amountCents: the whole charge. With it: that part, once per idempotencyKey. */
  | { type: 'refund'; chargeId: string; at: string; amountCents?: number; idempotencyKey?: string };

export interface LedgerCharge {
  id: string;
  idempotencyKey: string;
  token: string;
  amountCents: number;
  currency: string;
  outcome: ChargeOutcome;
  /** Wholly given back. */
  refunded: boolean;
  /** How much has been given back so far (the whole amount once refunded). */
  refundedCents: number;
  createdAt: Date;
}

export type NewCharge = Omit<LedgerCharge, 'refunded' | 'refundedCents' | 'createdAt'>;

/** One refund in the journal (for tests and the chaos run's accounting). */
export interface LedgerRefund {
  chargeId: string;
  amountCents: number;
  idempotencyKey: string | null;
  createdAt: Date;
}

export class SimulatedLedger {
  private readonly cards = new Map<string, CardBehaviour>();
  private readonly chargesByKey = new Map<string, LedgerCharge>();
  private readonly chargesById = new Map<string, LedgerCharge>();
  private readonly refundList: LedgerRefund[] = [];
  private readonly refundKeys = new Set<string>();
  private offset = 0;
  private pending = '';
  private appender: FileHandle | undefined;
  /** One operation at a time in this process; the journal's order settles races between processes. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  }

  cardBehaviour(token: string): Promise<CardBehaviour | undefined> {
    return this.exclusive(async () => this.cards.get(token));
  }

  addCard(token: string, behaviour: CardBehaviour): Promise<void> {
    return this.exclusive(() => this.append({ type: 'card', token, behaviour, at: new Date().toISOString() }));
  }

  removeCard(token: string): Promise<void> {
    return this.exclusive(async () => {
      if (this.cards.has(token)) await this.append({ type: 'card-removed', token, at: new Date().toISOString() });
    });
  }

  /** Records a charge unless the key already has one; answers with whichever charge holds the key. */
  charge(charge: NewCharge): Promise<LedgerCharge> {
    return this.exclusive(async () => {
      const existing = this.chargesByKey.get(charge.idempotencyKey);
      if (existing) return existing;
      await this.append({ type: 'charge', ...charge, at: new Date().toISOString() });
      await this.catchUp();
      const settled = this.chargesByKey.get(charge.idempotencyKey);
      if (!settled) throw new Error('simulated gateway: a recorded charge is missing from the journal');
      return settled;
    });
  }

  findCharge(idempotencyKey: string): Promise<LedgerCharge | undefined> {
    return this.exclusive(async () => this.chargesByKey.get(idempotencyKey));
  }

  /** Marks a succeeded charge refunded (once); answers with the charge, or undefined if unknown. */
  refund(chargeId: string): Promise<LedgerCharge | undefined> {
    return this.exclusive(async () => {
      const charge = this.chargesById.get(chargeId);
      if (!charge || charge.outcome !== 'succeeded' || charge.refunded) return charge;
      await this.append({ type: 'refund', chargeId, at: new Date().toISOString() });
      await this.catchUp();
      return this.chargesById.get(chargeId);
    });
  }

  /**
   * Gives part of a succeeded charge back, once per idempotency key (a repeat is a no-op); refuses
   * more than is left of the charge. Answers with the charge, or undefined if unknown.
   */
  refundPart(chargeId: string, amountCents: number, idempotencyKey: string): Promise<LedgerCharge | undefined> {
    return this.exclusive(async () => {
      const charge = this.chargesById.get(chargeId);
      if (!charge || charge.outcome !== 'succeeded' || this.refundKeys.has(idempotencyKey)) return charge;
      if (
        !Number.isInteger(amountCents) ||
        amountCents <= 0 ||
        amountCents > charge.amountCents - charge.refundedCents
      ) {
        throw new Error(`simulated gateway: cannot refund ${amountCents} of charge ${chargeId}`);
      }
      await this.append({ type: 'refund', chargeId, amountCents, idempotencyKey, at: new Date().toISOString() });
      await this.catchUp();
      return this.chargesById.get(chargeId);
    });
  }

  /** Every refund in the journal, oldest first. */
  allRefunds(): Promise<LedgerRefund[]> {
    return this.exclusive(async () => [...this.refundList]);
  }

  /** Every charge in the journal (the winners of each key), oldest first. */
  allCharges(): Promise<LedgerCharge[]> {
    return this.exclusive(async () => [...this.chargesById.values()]);
  }

  async close(): Promise<void> {
    await this.queue.catch(() => {});
    await this.appender?.close();
    this.appender = undefined;
  }

  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      await this.catchUp();
      return operation();
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async append(entry: Entry): Promise<void> {
    this.appender ??= await open(this.file, 'a', 0o600);
    await this.appender.write(`\n${JSON.stringify(entry)}\n`);
    await this.appender.datasync();
    await this.catchUp();
  }

  /** Reads what was appended since the last read (by this process or another). */
  private async catchUp(): Promise<void> {
    let reader: FileHandle;
    try {
      reader = await open(this.file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      const { size } = await reader.stat();
      if (size <= this.offset) return;
      const buffer = Buffer.alloc(size - this.offset);
      const { bytesRead } = await reader.read(buffer, 0, buffer.length, this.offset);
      this.offset += bytesRead;
      const text = this.pending + buffer.subarray(0, bytesRead).toString('utf8');
      const lines = text.split('\n');
      this.pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) this.apply(line);
    } finally {
      await reader.close();
    }
  }

  private apply(line: string): void {
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      return; // torn by a crash mid-write: it never happened
    }
    switch (entry.type) {
      case 'card':
        this.cards.set(entry.token, entry.behaviour);
        break;
      case 'card-removed':
        this.cards.delete(entry.token);
        break;
      case 'charge': {
        if (this.chargesByKey.has(entry.idempotencyKey)) break; // lost the race: void
        const charge: LedgerCharge = {
          id: entry.id,
          idempotencyKey: entry.idempotencyKey,
          token: entry.token,
          amountCents: entry.amountCents,
          currency: entry.currency,
          outcome: entry.outcome,
          refunded: false,
          refundedCents: 0,
          createdAt: new Date(entry.at),
        };
        this.chargesByKey.set(entry.idempotencyKey, charge);
        this.chargesById.set(entry.id, charge);
        break;
      }
      case 'refund': {
        const charge = this.chargesById.get(entry.chargeId);
        if (!charge || charge.outcome !== 'succeeded' || charge.refunded) break;
        if (entry.idempotencyKey !== undefined) {
          if (this.refundKeys.has(entry.idempotencyKey)) break; // a twin from another process: void
          this.refundKeys.add(entry.idempotencyKey);
        }
        const left = charge.amountCents - charge.refundedCents;
        const amountCents = Math.min(entry.amountCents ?? left, left);
        charge.refundedCents += amountCents;
        charge.refunded = charge.refundedCents >= charge.amountCents;
        this.refundList.push({
          chargeId: charge.id,
          amountCents,
          idempotencyKey: entry.idempotencyKey ?? null,
          createdAt: new Date(entry.at),
        });
        break;
      }
    }
  }
}
