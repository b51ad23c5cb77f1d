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
