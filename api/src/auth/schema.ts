import { z } from 'zod';
import { reasonParams } from '../platform/http/errors.js';
import { NAME_CHARACTERS_MESSAGE, NAME_LETTER_MESSAGE, hasLetter, oneLineText } from '../platform/http/validation.js';
import { isCommonPassword } from './commonPasswords.js';

/** Shortest password a new account may have, in characters. The demo password `oracy-demo` has exactly 10. */
export const PASSWORD_MIN_LENGTH = 10;
/** Longest password a new account may have, in characters (keeps hashing cheap). */
export const PASSWORD_MAX_LENGTH = 128;
/** The answer to a password from the common list. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

/**
 * Request bodies of the sign-in site (docs/product.md#sign-in-site). Both arrive as JSON or as
 * a form post; the same schema validates either.
 */

/** `POST /auth/login`. */
export const loginSchema = z.object({
  /** The account's email; trimmed and lower-cased (emails are stored lower-cased), ≤ 254 characters. */
  email: z.string({ error: 'Enter your email.' }).trim().toLowerCase().min(1, { error: 'Enter your email.' }).max(254, { error: 'Use at most 254 characters.' }),
  /** The password as typed (not trimmed), ≤ 1024 characters so hashing stays cheap. */
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(1024, { error: 'Use at most 1024 characters.' }),
});

/**
 * A first or last name: NFC, trimmed, 1–100 characters, no control, invisible or blank character,
 * at least one letter of any script (docs/product.md#names-and-titles). A value without a letter
 * (digits or punctuation only) is refused with `NAME_LETTER_MESSAGE`.
 * @param missing the message for an empty value, e.g. "Enter your first name."
 */
export const personName = (missing: string) =>
  oneLineText(missing, NAME_CHARACTERS_MESSAGE)
    .min(1, { error: missing })
    .max(100, { error: 'Use at most 100 characters.' })
    .refine(hasLetter, { error: NAME_LETTER_MESSAGE, params: reasonParams('no_letter') });

const name = (what: string) => personName(`Enter your ${what}.`);

/**
 * An email address: trimmed, lower-cased (emails are stored lower-cased), ≤ 254 characters, valid.
 * @param missing the message for a value that is not a string, e.g. "Enter your email."
 */
export const emailAddress = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .max(254, { error: 'Use at most 254 characters.' })
    .pipe(z.email({ error: 'Enter a valid email address.' }));

/**
 * A new password: 10–128 characters (ASVS 5.0 V6.2.1), not trimmed, not on the common-password
 * list; stored only as an argon2id hash.
 * @param missing the message for a value that is not a string, e.g. "Enter a password."
 */
export const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
    .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` })
    .refine((password) => !isCommonPassword(password), { error: COMMON_PASSWORD_MESSAGE, params: reasonParams('common_password') });

/** `POST /auth/register`: a new student account (role 3). */
export const registerSchema = z.object({
  /** NFC, trimmed, 1–100 characters, no control, invisible or blank character, at least one letter (docs/product.md#names-and-titles). */
  firstName: name('first name'),
  /** NFC, trimmed, 1–100 characters, no control, invisible or blank character, at least one letter (docs/product.md#names-and-titles). */
  lastName: name('last name'),
  /**
   * A valid address, trimmed and lower-cased, ≤ 254 characters; unique among users (409 otherwise);
   * of an allowed domain when `REGISTRATION` lists some (docs/product.md#registration-policy).
   */
  email: emailAddress('Enter your email.'),
  /**
   * 10–128 characters (ASVS 5.0 V6.2.1), not trimmed, not on the
   * common-password list; stored only as an argon2id hash.
   */
  password: newPassword('Enter a password.'),
});
/** A validated registration: `{firstName, lastName, email (lower-cased), password}`. */
export type RegisterInput = z.output<typeof registerSchema>;

/** The answer to a confirmation that differs from the new password. */
export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords do not match.';

/**
 * `POST /auth/change-password` (docs/product.md#one-time-passwords): the user's own password in
 * place of a one-time password, typed twice. JSON or a form.
 */
export const changePasswordSchema = z
  .object({
    /** 10–128 characters, not trimmed, not on the common-password list (as at registration). */
    password: newPassword('Enter a new password.'),
    /** The same password again; a different one is a 400 naming `confirmPassword`. */
    confirmPassword: z.string({ error: 'Enter the new password again.' }).max(PASSWORD_MAX_LENGTH, { error: PASSWORDS_DIFFER_MESSAGE }),
  })
  .superRefine((body, ctx) => {
    if (body.confirmPassword !== body.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE, params: reasonParams('passwords_differ') });
  });
