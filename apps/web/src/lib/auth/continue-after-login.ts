/**
 * "Sign in where you are": a visitor's member action (add to cart, wishlist, buy now) asks them to log
 * in or sign up, carries the action through the login (and signup) pages in the router's state, and
 * the page they came from finishes it once they are back, signed in. "Login with Google" leaves the app
 * for the provider's pages, where the router's state is lost: the action waits in the tab's session
 * storage instead, for as long as a Google sign-in may take.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { paths } from '@/config/paths';
import { askToLogIn } from '@/lib/alerts';
import { useMe } from './get-me';

export type PendingActionKind = 'cart' | 'wishlist' | 'buy';
export interface PendingAction {
  kind: PendingActionKind;
  bookId: string;
}

/** What the login and signup pages carry: where to return, what to finish there, the e-mail to fill in. */
export interface ReturnState {
  from?: Pick<Location, 'pathname' | 'search'>;
  pending?: PendingAction;
  email?: string;
}

export const returnStateOf = (state: unknown): ReturnState => (state && typeof state === 'object' ? state : {});

/** Asks a visitor to log in or sign up, then sends them there with the way back and the action. */
export function useLoginToContinue() {
  const navigate = useNavigate();
  const location = useLocation();
  return async (text: string, pending: PendingAction) => {
    const choice = await askToLogIn(text);
    if (!choice) return;
    const state: ReturnState = { from: { pathname: location.pathname, search: location.search }, pending };
    void navigate(choice === 'signup' ? paths.signup : paths.login, { state });
  };
}

const GOOGLE_PENDING_KEY = 'pending-after-google';
/** The server's own bound on a Google sign-in (its flow cookie). */
const GOOGLE_PENDING_MS = 10 * 60_000;

interface StoredPending extends PendingAction {
  pathname: string;
  savedAt: number;
}

/** Keeps the action a visitor started on `pathname` while they sign in with Google (none: forgets any). */
export function keepPendingForGoogle(pathname: string, pending: PendingAction | undefined): void {
  if (!pending) return forgetPendingForGoogle();
  const stored: StoredPending = { ...pending, pathname, savedAt: Date.now() };
  sessionStorage.setItem(GOOGLE_PENDING_KEY, JSON.stringify(stored));
}

export function forgetPendingForGoogle(): void {
  sessionStorage.removeItem(GOOGLE_PENDING_KEY);
}

/** The action kept for this page before a Google sign-in, if recent. */
function pendingFromGoogle(pathname: string): PendingAction | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(GOOGLE_PENDING_KEY) ?? 'null') as StoredPending | null;
    if (!stored || stored.pathname !== pathname || Date.now() - stored.savedAt > GOOGLE_PENDING_MS) return undefined;
    return { kind: stored.kind, bookId: stored.bookId };
  } catch {
    return undefined;
  }
}

/** Where the login page sends a member: back where they were, with the action to finish. */
export function returnTarget(state: ReturnState): { to: string; state?: { pending: PendingAction } } {
  if (!state.from) return { to: paths.home };
  return {
    to: `${state.from.pathname}${state.from.search}`,
    state: state.pending ? { pending: state.pending } : undefined,
  };
}

/**
 * Finishes the action a visitor started before logging in, once, when this page was reached with it
 * and the member's session is known. The state is cleared first, so a reload does not repeat it.
 */
export function useFinishPendingAction(
  kind: PendingActionKind,
  bookId: string,
  run: () => void,
  /** False while what the action depends on is still loading. */
  ready = true,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const done = useRef(false);
  const pending = returnStateOf(location.state).pending ?? pendingFromGoogle(location.pathname);
  const matches = pending?.kind === kind && pending.bookId === bookId;
  const signedIn = Boolean(me.data) && !me.isPlaceholderData;
  useEffect(() => {
    if (!matches || !signedIn || !ready || done.current) return;
    done.current = true;
    forgetPendingForGoogle();
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    run();
  });
}
