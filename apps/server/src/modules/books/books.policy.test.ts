/**
 * The books access policy: the statuses it calls public, the SQL it gives and the partial indexes of
 * the public catalogue (from the committed migrations) say the same thing.
 */
import { BOOK_STATUSES, PUBLIC_BOOK_STATUSES } from '@ebook/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import { bookAccess, canSee, isPublicStatus, mayChange, publicStatus, type CallerKind } from './books.policy.js';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

describe('the books access policy', () => {
  it('every partial index over the status uses exactly the public statuses', async () => {
    const result = (await database.db.execute<Record<string, unknown>>(
      sql`select indexname as name, substring(indexdef from ' WHERE (.*)$') as predicate
       from pg_indexes where schemaname = 'public' and tablename = 'books' and indexdef like '% WHERE %'`,
    )) as { rows: { name: string; predicate: string }[] };
    const partial = result.rows.filter((row) => row.predicate.includes('status'));
    expect(partial.length).toBeGreaterThanOrEqual(5);
    // PostgreSQL keeps `status in (...)` as `= ANY (ARRAY[...])`, in the order written.
    const expected = `(status = ANY (ARRAY[${PUBLIC_BOOK_STATUSES.map((status) => `'${status}'::text`).join(', ')}]))`;
    for (const index of partial) expect(index.predicate, index.name).toBe(expected);
  });

  it('the SQL predicate picks the same books as isPublicStatus', async () => {
    const { db } = database;
    for (const status of BOOK_STATUSES) {
      const result = (await db.execute<Record<string, unknown>>(
        sql`select ${publicStatus(sql`${status}::text`)} as public`,
      )) as {
        rows: { public: boolean }[];
      };
      expect(result.rows[0]!.public, status).toBe(isPublicStatus(status));
    }
    expect(publicStatus(books.status)).toBeDefined();
  });

  it('who sees and who may change a book', () => {
    const admin = { id: 'a', role: 'admin' as const };
    const author = { id: 'u', role: 'member' as const };
    const reader = { id: 'r', role: 'member' as const };
    for (const status of BOOK_STATUSES) {
      const book = { status, userId: 'u' };
      expect(canSee(book, null)).toBe(isPublicStatus(status));
      expect(canSee(book, reader)).toBe(isPublicStatus(status));
      expect(canSee(book, author)).toBe(true);
      expect(canSee(book, admin)).toBe(true);
      expect(mayChange(book, admin)).toBe('yes');
      expect(mayChange(book, reader)).toBe('not-yours');
      expect(mayChange(book, author)).toBe(isPublicStatus(status) || status === 'unlisted' ? 'locked' : 'yes');
    }
  });

  /**
   * The whole policy: for each status, price and kind of caller, what they may do, read as
   * "see download copy keep change" (keep: a download records the book in their library).
   */
  const table: Record<string, Record<'free' | 'paid', Record<CallerKind, string>>> = {
    added: {
      free: {
        visitor: 'yes yes original - not-yours',
        member: 'yes yes original keep not-yours',
        owner: 'yes yes original keep not-yours',
        submitter: 'yes yes original keep locked',
        admin: 'yes yes original - yes',
      },
      paid: {
        visitor: 'yes log-in original - not-yours',
        member: 'yes buy original - not-yours',
        owner: 'yes yes stamped - not-yours',
        submitter: 'yes yes original - locked',
        admin: 'yes yes original - yes',
      },
    },
    approved: {
      free: {
        visitor: 'yes yes original - not-yours',
        member: 'yes yes original keep not-yours',
        owner: 'yes yes original keep not-yours',
        submitter: 'yes yes original keep locked',
        admin: 'yes yes original - yes',
      },
      paid: {
        visitor: 'yes log-in original - not-yours',
        member: 'yes buy original - not-yours',
        owner: 'yes yes stamped - not-yours',
        submitter: 'yes yes original - locked',
        admin: 'yes yes original - yes',
      },
    },
    pending: {
      free: {
        visitor: 'hidden hidden original - not-yours',
        member: 'hidden hidden original - not-yours',
        owner: 'hidden hidden original - not-yours',
        submitter: 'yes yes original - yes',
        admin: 'yes yes original - yes',
      },
      paid: {
        visitor: 'hidden hidden original - not-yours',
        member: 'hidden hidden original - not-yours',
        owner: 'hidden hidden original - not-yours',
        submitter: 'yes yes original - yes',
        admin: 'yes yes original - yes',
      },
    },
    rejected: {
      free: {
        visitor: 'hidden hidden original - not-yours',
        member: 'hidden hidden original - not-yours',
        owner: 'hidden hidden original - not-yours',
        submitter: 'yes yes original - yes',
        admin: 'yes yes original - yes',
      },
      paid: {
        visitor: 'hidden hidden original - not-yours',
        member: 'hidden hidden original - not-yours',
        owner: 'hidden hidden original - not-yours',
        submitter: 'yes yes original - yes',
        admin: 'yes yes original - yes',
      },
    },
    unlisted: {
      free: {
        visitor: 'hidden hidden original - not-yours',
        member: 'hidden hidden original - not-yours',
        owner: 'yes yes original - not-yours',
        submitter: 'yes yes original - locked',
        admin: 'yes yes original - yes',
      },
      paid: {
        visitor: 'hidden hidden original - not-yours',
        member: 'hidden hidden original - not-yours',
        owner: 'yes yes stamped - not-yours',
        submitter: 'yes yes original - locked',
        admin: 'yes yes original - yes',
      },
    },
  };
  // An imported book that still needs its files is hidden like one awaiting review.
  table.incomplete = table.pending!;
  const callers = {
    visitor: { caller: null, owns: false },
    member: { caller: { id: 'r', role: 'member' as const }, owns: false },
    owner: { caller: { id: 'r', role: 'member' as const }, owns: true },
    submitter: { caller: { id: 'u', role: 'member' as const }, owns: false },
    admin: { caller: { id: 'a', role: 'admin' as const }, owns: false },
  };

  it('covers every status', () => {
    expect(Object.keys(table).sort()).toEqual([...BOOK_STATUSES].sort());
  });

  for (const status of BOOK_STATUSES) {
    for (const price of ['free', 'paid'] as const) {
      for (const [kind, { caller, owns }] of Object.entries(callers) as [CallerKind, (typeof callers)[CallerKind]][]) {
        it(`${status}, ${price}, ${kind}: ${table[status]![price][kind]}`, () => {
          const book = { status, userId: 'u', priceCents: price === 'free' ? 0 : 500 };
          const access = bookAccess(book, caller, owns);
          const [see, download, copy, keep, change] = table[status]![price][kind].split(' ');
          expect(access).toEqual({ see, download, copy, keep: keep === 'keep', change });
        });
      }
    }
  }
});
