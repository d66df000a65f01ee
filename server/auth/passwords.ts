/**
 * Password hashing (RELIABILITY.md R4): argon2id at OWASP's minimum parameters (19 MiB, t=2,
 * p=1; ~55 ms a hash on the 2-core build machine, which is why login has its own strict limit).
 * argon2 draws a fresh 16-byte salt per hash. Passwords are NFKC-normalised first, so the same
 * text typed on systems that compose accents differently (NFC vs NFD) verifies.
 */
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';

export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  /** KiB. */
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Length bounds in Unicode code points, after normalisation. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export const PASSWORD_LENGTH_MESSAGE = `Password must be between ${MIN_PASSWORD_LENGTH} and ${MAX_PASSWORD_LENGTH} characters`;

export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Null when the password is acceptable for a new account, else the client-facing reason. */
export function passwordProblem(password: string): string | null {
  // Code points, as JSON-schema maxLength counts them (an emoji is one, not two UTF-16 units).
  const length = Array.from(normalisePassword(password)).length;
  return length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH
    ? PASSWORD_LENGTH_MESSAGE
    : null;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(normalisePassword(password), ARGON2_OPTIONS);
}

/** Constant-time comparison (argon2.verify); a malformed stored hash counts as a mismatch. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, normalisePassword(password));
  } catch {
    return false;
  }
}

/** Whether a stored hash uses weaker parameters than today's (re-hash it after a good login). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends one verification against a throwaway hash with the same parameters, for logins naming
 * an unknown account: without it a miss would answer ~55 ms faster and reveal which emails exist.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= argon2.hash(`atlas-dummy-${randomUUID()}`, ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
}
