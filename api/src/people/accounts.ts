import { Types } from 'mongoose';
import type { UserDoc } from '../auth/context.js';
import { generateOneTimePassword, hashPassword, verifyPassword } from '../auth/password.js';
import { deleteUserSessions } from '../auth/sessions.js';
import { User } from './userModel.js';
import { type Role } from '../auth/roles.js';
import { badRequest, conflict, forbidden, isDuplicateKeyError, notFound } from '../platform/http/errors.js';
import { presentUserRow, type UserRowJson } from './userPresenter.js';

/**
 * Accounts made and reset by an admin, and the forced change of their one-time password
 * (docs/product.md#admin-made-accounts, docs/product.md#password-reset,
 * docs/product.md#one-time-passwords). A one-time password is answered once, to the admin who
 * asked, and stored only as its argon2id hash; the user must choose their own at the next sign-in.
 */

/** The answer to a create or a reset: the user's row and the one-time password, shown once. */
export interface OneTimePasswordGrant {
  user: UserRowJson;
  /** `ABCD-EFGH-JKLM-NPQR` (`generateOneTimePassword`); never stored in clear, never answered again */
  oneTimePassword: string;
}

/** The 409 of a create for an email that is taken. */
export const EMAIL_TAKEN = 'A user with this email already exists.';
/** The 400 of a new password that is the one-time password itself. */
export const SAME_AS_ONE_TIME_PASSWORD = 'Choose a password other than your one-time password.';
/** The 403 of a password change for a user who has no one-time password. */
export const NO_CHANGE_REQUIRED = 'Your password does not need to be changed here.';

/**
 * Creates an account with a one-time password (docs/product.md#admin-made-accounts), whatever
 * `REGISTRATION` says: the admin vouches for the person.
 * @param input validated `{firstName, lastName, email (lower-cased), role}`
 * @param opts.checked the caller has just looked the email up (the import's plan does so for the
 *   whole file in one query, docs/product.md#import): the look-up here — a scan of the users on the
 *   embedded database — is skipped, and the unique index alone refuses a taken email, with the same 409
 * @returns the new row and its one-time password
 * @throws ApiError 409 `EMAIL_TAKEN` when a user has this email
 */
export async function createAccount(input: { firstName: string; lastName: string; email: string; role: Role }, opts: { checked?: boolean } = {}): Promise<OneTimePasswordGrant> {
  if (!opts.checked && (await User.exists({ email: input.email }))) throw conflict(EMAIL_TAKEN);
  const oneTimePassword = generateOneTimePassword();
  try {
    const user = await User.create({ ...input, passwordHash: await hashPassword(oneTimePassword), mustChangePassword: true });
    return { user: presentUserRow(user), oneTimePassword };
  } catch (err) {
    // Two creates racing for one email: the unique index decides.
    if (isDuplicateKeyError(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Gives a user a new one-time password (docs/product.md#password-reset): the old password stops
 * working and every session of the user ends at once (their next request is a 401). Their discussion
 * sockets are the caller's to end.
 * @param opts.actorId the admin asking: they cannot reset their own password (409)
 * @returns the user's row and the one-time password
 * @throws ApiError 404 when no such user; 409 for oneself
 */
export async function resetPassword(userId: string, opts: { actorId: string }): Promise<OneTimePasswordGrant> {
  const id = new Types.ObjectId(userId);
  if (String(id) === opts.actorId) throw conflict('You cannot reset your own password.');
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  // A plain update and a read (as the people lists do), which the embedded FerretDB answers like MongoDB.
  const { matchedCount } = await User.updateOne({ _id: id }, { $set: { passwordHash, mustChangePassword: true } });
  if (matchedCount === 0) throw notFound('No such user.');
  await deleteUserSessions(id);
  const user = await User.findById(id, { name: 1, email: 1, role: 1 }).lean();
  if (!user) throw notFound('No such user.');
  return { user: presentUserRow(user), oneTimePassword };
}

/**
 * Replaces a user's one-time password with their own (docs/product.md#one-time-passwords) and
 * clears the flag; then ends every session of the user — the caller starts a fresh one for the
 * request's browser.
 * @param user the signed-in user, as loaded for this request
 * @param password the new password, already checked against the password rules
 * @throws ApiError 403 `NO_CHANGE_REQUIRED` when the user has no one-time password (any more);
 *   400 naming `password` (reason `same_as_one_time`) when it is the one-time password itself
 */
export async function replaceOneTimePassword(user: UserDoc, password: string): Promise<void> {
  if (!user.mustChangePassword) throw forbidden(NO_CHANGE_REQUIRED);
  if (await verifyPassword(user.passwordHash, password)) throw badRequest(SAME_AS_ONE_TIME_PASSWORD, { password: SAME_AS_ONE_TIME_PASSWORD }, { password: 'same_as_one_time' });
  const passwordHash = await hashPassword(password);
  // Compare-and-set: of two changes at once (two tabs), one wins; the other finds the flag cleared.
  const result = await User.updateOne({ _id: user._id, mustChangePassword: true }, { $set: { passwordHash, mustChangePassword: false } });
  if (result.modifiedCount === 0) throw forbidden(NO_CHANGE_REQUIRED);
  await deleteUserSessions(user._id);
}
