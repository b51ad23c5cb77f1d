import type { RegistrationPolicy } from '../platform/env.js';

/**
 * Who may create their own account (docs/product.md#registration-policy), as `REGISTRATION` says.
 * The refusals name no domain: a stranger learns only that the address is not accepted, not which
 * addresses the school uses (docs/decisions/0021-registration-policy-and-one-time-passwords.md).
 */

/** The 403 of `POST /auth/register` while registration is closed. */
export const REGISTRATION_CLOSED = 'Accounts are made by the school. Ask your school for an account.';
/** The 403 of `POST /auth/register` for an email outside the allowed domains. */
export const EMAIL_DOMAIN_REFUSED = 'This email address cannot be used to create an account here. Use your school email address, or ask your school for an account.';

/** The email field's message on the registration page beside {@link EMAIL_DOMAIN_REFUSED}, in English (the page words it from the catalogue's `field.email.domain`). */
export const EMAIL_DOMAIN_FIELD = 'This email address cannot be used here.';

/**
 * True when `email` may register under `policy`: always when open, never when closed, and with
 * `domains` only when the part after the last `@` is exactly one of them (case-insensitive; a
 * subdomain must be listed itself).
 * @param email a validated address
 */
export function mayRegister(policy: RegistrationPolicy, email: string): boolean {
  if (policy.mode === 'open') return true;
  if (policy.mode === 'closed') return false;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return policy.domains.includes(domain);
}
