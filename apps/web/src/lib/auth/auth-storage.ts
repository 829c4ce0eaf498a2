/**
 * What the browser keeps about the session, for display only: `user` (without any token) and `role`.
 * The session itself is an HttpOnly cookie that scripts cannot read.
 */
import type { User } from '@ebook/shared';

const USER_KEY = 'user';
const ROLE_KEY = 'role';
const SIGNED_OUT_KEY = 'signed-out-at';
/** How long after a logout a protected page still being left goes home rather than to /login. */
const SIGNED_OUT_GRACE_MS = 10_000;

export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: User): void {
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(ROLE_KEY, user.role);
}

export function clearStoredUser(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem('token');
}

/** The member logged out on purpose, in this tab (not a session that ran out). */
export function markSignedOut(): void {
  sessionStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
}

/**
 * Whether the member has just logged out here: the protected page they leave may render once more
 * without a user before the way home commits, and must then go home, not to the login page.
 */
export function justSignedOut(): boolean {
  const at = Number(sessionStorage.getItem(SIGNED_OUT_KEY));
  return at > 0 && Date.now() - at < SIGNED_OUT_GRACE_MS;
}
