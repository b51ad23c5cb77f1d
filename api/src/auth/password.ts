import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id parameters (OWASP password storage cheat sheet: m=19 MiB, t=2, p=1).
 * docs/product.md#sign-in-site: "Passwords hashed with argon2id (a maintained library)".
 */
// `Algorithm` is an ambient const enum, which `verbatimModuleSyntax` forbids reading: 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password into an argon2id PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches the PHC string `passwordHash`; false on any malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real verification, so that a login for an unknown
 * email is not faster than one with a wrong password (docs/product.md#sign-in-site: same
 * answer whether the email exists or not).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-oracy');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The 32 characters of a one-time password: capital letters and digits without 0, 1, I and O, which
 * are easily mistaken for one another when read aloud or copied by hand.
 */
export const ONE_TIME_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A one-time password's shape: 4 groups of 4 of {@link ONE_TIME_PASSWORD_ALPHABET}, joined by `-`. */
export const ONE_TIME_PASSWORD_PATTERN = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

/**
 * A new one-time password for an account an admin made or reset (docs/product.md#one-time-passwords):
 * 16 characters from {@link ONE_TIME_PASSWORD_ALPHABET} drawn with `crypto.randomBytes` (80 bits;
 * a byte's low 5 bits pick a character, so every character is equally likely), written as
 * `ABCD-EFGH-JKLM-NPQR` — 19 characters, typed exactly so, dashes included.
 */
export function generateOneTimePassword(): string {
  const bytes = randomBytes(16);
  const characters = Array.from(bytes, (byte) => ONE_TIME_PASSWORD_ALPHABET[byte & 31]);
  return [0, 4, 8, 12].map((start) => characters.slice(start, start + 4).join('')).join('-');
}
