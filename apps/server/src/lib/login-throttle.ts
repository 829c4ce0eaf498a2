/**
 * Login throttling: only failures count, per address and per account. Past a few failures, each
 * further attempt must wait, the wait doubling from 1 s up to 15 minutes after the last failure;
 * failures are forgotten an hour after the last one. The account's count holds back only
 * addresses that have failed themselves: the right password from an address with no recent
 * failures always gets in, so nobody can lock an owner (the admin included) out of an account.
 *
 * Every check of an account password counts here (login, change password, delete account, app
 * passwords), so a stolen session guesses no faster than the login form.
 */
import type { CounterStore } from './counter-store.js';
import { AppError, tooManyRequests } from './errors.js';

const FORGET_AFTER_MS = 60 * 60 * 1000;
const LONGEST_WAIT_SECONDS = 15 * 60;
/** An address may fail this many times the account allowance (an office or a school shares one). */
const ADDRESS_FACTOR = 4;

export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    /** Failures allowed before the waits start (per account; four times as many per address). */
    private readonly freeFailures: number,
  ) {}

  /** Refuses (429) an attempt that must wait; call before the password is checked. */
  async check(email: string, address: string): Promise<void> {
    const [byAddress, byAccount] = await Promise.all([
      this.counters.peek(addressKey(address)),
      this.counters.peek(accountKey(email)),
    ]);
    const addressWait = waitSeconds(byAddress.count, byAddress.ttlMs, this.freeFailures * ADDRESS_FACTOR);
    // A clean address is not held back by the account's failures.
    const accountWait = byAddress.count > 0 ? waitSeconds(byAccount.count, byAccount.ttlMs, this.freeFailures) : 0;
    const wait = Math.max(addressWait, accountWait);
    if (wait > 0) {
      throw tooManyRequests(
        `Too many failed attempts. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        'RATE_LIMITED',
      );
    }
  }

  async failed(email: string, address: string): Promise<void> {
    await Promise.all([
      this.counters.hit(addressKey(address), FORGET_AFTER_MS, true),
      this.counters.hit(accountKey(email), FORGET_AFTER_MS, true),
    ]);
  }

  /** The owner got in: the account's failures are forgotten (the address's are not). */
  async succeeded(email: string): Promise<void> {
    await this.counters.reset(accountKey(email));
  }

  /**
   * Runs a password check under the throttle: refused (429) while the caller must wait, whether
   * or not the password is right; a wrong one (`INVALID_CREDENTIALS`) is counted, a right one
   * forgets the account's failures. Any other refusal passes through uncounted.
   */
  async guard<T>(email: string, address: string, attempt: () => Promise<T>): Promise<T> {
    await this.check(email, address);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') await this.failed(email, address);
      throw error;
    }
    await this.succeeded(email);
    return result;
  }
}

const addressKey = (address: string) => `login-fail:address:${address}`;
const accountKey = (email: string) => `login-fail:account:${email}`;

/** Seconds still to wait after `count` failures, the last one `FORGET_AFTER_MS - ttlMs` ago. */
function waitSeconds(count: number, ttlMs: number, free: number): number {
  if (count < free) return 0;
  const delaySeconds = Math.min(2 ** (count - free), LONGEST_WAIT_SECONDS);
  const sinceLastMs = FORGET_AFTER_MS - ttlMs;
  return Math.max(0, Math.ceil(delaySeconds - sinceLastMs / 1000));
}
