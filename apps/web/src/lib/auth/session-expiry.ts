/**
 * The one 401 path. A request made while signed in that answers 401 UNAUTHORIZED means the session
 * ended on the server (it expired, or was ended elsewhere): the browser forgets the user, and the app
 * layer sends them to the login page, which brings them back afterwards. A wrong password (401
 * INVALID_CREDENTIALS) is not this: the form that sent it says so.
 */
import { ApiError } from '@/lib/api-client';
import { clearStoredUser, readStoredUser } from './auth-storage';

export function isSessionExpired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHORIZED';
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Runs `listener` each time a session ends, after the stored user is cleared; returns the unsubscribe. */
export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Called with every failed query and mutation (lib/query-client.ts). Only the first 401 of a session
 * counts: the stored user is gone after it, so the requests that fail with it change nothing more.
 */
export function reportSessionExpiry(error: unknown): void {
  if (!isSessionExpired(error) || readStoredUser() === null) return;
  clearStoredUser();
  for (const listener of listeners) listener();
}
