/**
 * What the browser keeps about the session, for display only: `user` (without any token) and `role`.
 * The session itself is an HttpOnly cookie that scripts cannot read.
 */
import type { User } from '@ebook/shared';

const USER_KEY = 'user';
const ROLE_KEY = 'role';

export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(ROLE_KEY, user.role);
}

export function clearStoredUser(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem('token');
}
