/**
 * The access policy for books, the one place that answers "who may see, download and change this
 * book?". `bookAccess` is a pure function of the book, the caller and whether the caller owns the book
 * (bought it, or took it while free); every route, service and the OPDS catalogue ask it, and the web
 * asks packages/shared's isPublicStatus. The rules:
 *
 * - public (PUBLIC_BOOK_STATUSES: added, approved): everyone sees it; a free one anyone downloads (a
 *   visitor is asked to log in for a paid one, a member to buy it), a paid one its owners;
 * - pending or rejected: only its submitter and admins see it;
 * - unlisted (deleted while owned): its submitter, admins and its owners;
 * - the submitter and admins may always download, and get the original; an owner of a paid book gets
 *   their own stamped copy (see modules/downloads/stamped-copies.ts);
 * - a member who downloads a free public book keeps it in their library;
 * - members change only their own books, and only before they are public; admins always.
 */
import { isPublicStatus, type BookStatus } from '@ebook/shared';
import type { AuthUser } from '../../plugins/auth.js';

export { isPublicStatus };
export { publicStatus } from '../../db/schema/books.js';

export type Caller = Pick<AuthUser, 'id' | 'role'> | null;

export interface PolicyBook {
  status: BookStatus;
  userId: string | null;
  priceCents: number;
}

export interface BookAccess {
  /** 'hidden': the book does not exist for the caller (404). */
  see: 'yes' | 'hidden';
  /** 'log-in': 401 for a visitor; 'buy': 403 NOT_PURCHASED; 'hidden': 404. */
  download: 'yes' | 'log-in' | 'buy' | 'hidden';
  /** What a download sends: the book's own PDF, or the buyer's stamped copy. */
  copy: 'original' | 'stamped';
  /** Whether a download records the book in the caller's library (a member taking a free book). */
  keep: boolean;
  /** 'not-yours': 403 NOT_YOUR_BOOK; 'locked': 403 BOOK_LOCKED (public or unlisted already). */
  change: 'yes' | 'not-yours' | 'locked';
}

/** Who the caller is to this book: the answers depend on nothing else but the book's status and price. */
export type CallerKind = 'visitor' | 'member' | 'owner' | 'submitter' | 'admin';

export function callerKind(book: Pick<PolicyBook, 'userId'>, caller: Caller, owns: boolean): CallerKind {
  if (!caller) return 'visitor';
  if (caller.role === 'admin') return 'admin';
  if (caller.id === book.userId) return 'submitter';
  return owns ? 'owner' : 'member';
}

/** Everything `caller` may do with `book`, given whether they own it. */
export function bookAccess(book: PolicyBook, caller: Caller, owns: boolean): BookAccess {
  const kind = callerKind(book, caller, owns);
  const listed = isPublicStatus(book.status);
  const privileged = kind === 'admin' || kind === 'submitter';
  const free = book.priceCents === 0;
  const see = listed || privileged || (kind === 'owner' && book.status === 'unlisted') ? 'yes' : 'hidden';
  let download: BookAccess['download'];
  if (see === 'hidden') download = 'hidden';
  else if (privileged || free || kind === 'owner') download = 'yes';
  else download = kind === 'visitor' ? 'log-in' : 'buy';
  // Owners keep a book once it is public or unlisted, so it no longer changes under them.
  const ownersKeep = listed || book.status === 'unlisted';
  return {
    see,
    download,
    copy: download === 'yes' && kind === 'owner' && !free ? 'stamped' : 'original',
    keep: download === 'yes' && caller?.role === 'member' && free && listed,
    change: kind === 'admin' ? 'yes' : kind !== 'submitter' ? 'not-yours' : ownersKeep ? 'locked' : 'yes',
  };
}

/**
 * The answer of `bookAccess`, asking what the caller owns (one query) only when it changes the answer
 * picked: a public book's visibility, or a free book's download, never costs the lookup.
 */
export async function askBookAccess<T>(
  book: PolicyBook,
  caller: Caller,
  owns: boolean | (() => Promise<boolean>),
  pick: (access: BookAccess) => T,
): Promise<T> {
  if (typeof owns === 'boolean') return pick(bookAccess(book, caller, owns));
  const without = pick(bookAccess(book, caller, false));
  if (JSON.stringify(without) === JSON.stringify(pick(bookAccess(book, caller, true)))) return without;
  return pick(bookAccess(book, caller, await owns()));
}

/**
 * Whether the book can be seen, resolving the caller only when it is not seen by everyone (so public
 * reads skip the session lookup) and what they own only when that decides.
 */
export async function maySee(
  book: PolicyBook,
  resolveCaller: () => Promise<Caller>,
  owns: (callerId: string) => Promise<boolean>,
): Promise<boolean> {
  if (bookAccess(book, null, false).see === 'yes') return true;
  const caller = await resolveCaller();
  const see = await askBookAccess(
    book,
    caller,
    () => owns(caller!.id),
    (access) => access.see,
  );
  return see === 'yes';
}

type StatusAndSubmitter = Pick<PolicyBook, 'status' | 'userId'>;

/** Sees the book without owning it (the table's `see` for a caller who owns nothing). */
export function canSee(book: StatusAndSubmitter, caller: Caller): boolean {
  return bookAccess({ ...book, priceCents: 0 }, caller, false).see === 'yes';
}

/** The table's `change` (ownership never changes it). */
export function mayChange(book: StatusAndSubmitter, caller: NonNullable<Caller>): BookAccess['change'] {
  return bookAccess({ ...book, priceCents: 0 }, caller, false).change;
}
