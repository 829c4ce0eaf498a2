/** Password hashing (argon2id, OWASP's minimum parameters) and the breached-password refusal. */
import { hash, verify } from '@node-rs/argon2';
import { badRequest } from './errors.js';

const ARGON2ID = 2;

/**
 * What one argon2id hash costs: memory in KiB and passes over it. Each hash records the cost it was
 * made with, so a hash made at another cost still verifies.
 */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's minimum for argon2id (19 MiB, two passes): the store's cost (config.passwordHashing). */
export const PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2 };

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so timing does not reveal it: made at the
 * cost the members' hashes are made at.
 */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: PasswordHashing): Promise<string> {
  const key = `${cost.memoryCost}/${cost.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-0000', cost);
    dummyHashes.set(key, dummy);
  }
  return dummy;
}

/** The list of breached passwords (kept by the breached-passwords plugin). */
export interface BreachedPasswords {
  has(password: string): Promise<boolean>;
  /** How many passwords the list holds (loads it). */
  size(): Promise<number>;
}

/** Refuses a password found in breaches (NIST SP 800-63B 5.1.1.2). */
export async function assertNotBreached(breached: BreachedPasswords, password: string): Promise<void> {
  if (await breached.has(password)) {
    throw badRequest('This password is too common. Please choose another.', 'WEAK_PASSWORD');
  }
}
