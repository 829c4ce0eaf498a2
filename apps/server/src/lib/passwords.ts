/** Password hashing (argon2id, OWASP's minimum parameters) and the breached-password refusal. */
import { hash, verify } from '@node-rs/argon2';
import { badRequest } from './errors.js';

const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0000');
  return dummyHash;
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
