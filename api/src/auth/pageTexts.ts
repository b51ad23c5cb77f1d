import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Language } from '../platform/http/fields.js';
import { readSchoolLanguage } from '../settings/language.js';
import type { ApiError, FieldProblem } from '../platform/http/errors.js';
import { LANGUAGE_CODES, type Text } from '../platform/i18n/index.js';

/**
 * The language of the server-rendered sign-in pages (docs/product.md#language) and the way their
 * messages are worded: the pages' words and the sign-in routes' refusals are keys of the server's
 * catalogues (`../i18n`, docs/decisions/0025-languages-with-formatjs.md), formatted in the page's
 * language; a refused field is worded from its field name and reason (`FieldReason` of
 * `../errors.ts`), never from the English of the JSON API's `message`.
 */

/** The `<html lang>` of each language. */
export const HTML_LANG: Readonly<Record<Language, string>> = LANGUAGE_CODES;

/** The locale of each language for dates and numbers (English keeps the en-GB forms, docs/product.md#language). */
export const LOCALES: Readonly<Record<Language, string>> = { English: 'en-GB', Spanish: 'es', French: 'fr' };

/** A sign-in form whose fields the routes refuse: the registration form or the one-time password's change. */
export type SignInForm = 'register' | 'changePassword';

/**
 * The message a sign-in page shows under a refused field (docs/product.md#sign-in-site), from the
 * field's name and reason: "Use at least {min} characters." for `too_short`, "The two passwords do
 * not match." for any refused confirmation but a missing one, and so on.
 */
export function fieldText(form: SignInForm, field: string, problem: Pick<FieldProblem, 'reason' | 'values'>): Text {
  const { reason, values } = problem;
  if (reason === 'too_short') return { id: 'field.tooShort', values: { min: values?.min ?? 0 } };
  if (reason === 'too_long' && field !== 'confirmPassword') return { id: 'field.tooLong', values: { max: values?.max ?? 0 } };
  switch (field) {
    case 'firstName':
    case 'lastName':
      if (reason === 'invisible_characters') return { id: 'field.name.invisibleCharacters' };
      if (reason === 'no_letter') return { id: 'field.name.noLetter' };
      return { id: field === 'firstName' ? 'field.firstName.required' : 'field.lastName.required' };
    case 'email':
      if (reason === 'email_domain') return { id: 'field.email.domain' };
      return { id: reason === 'invalid_format' ? 'field.email.invalid' : 'field.email.required' };
    case 'password':
      if (reason === 'common_password') return { id: 'field.password.common' };
      if (reason === 'same_as_one_time') return { id: 'field.password.sameAsOneTime' };
      return { id: form === 'changePassword' ? 'field.password.newRequired' : 'field.password.required' };
    case 'confirmPassword':
      return { id: reason === 'required' ? 'field.confirmPassword.required' : 'field.passwordsDiffer' };
    default:
      return { id: 'error.checkFields' };
  }
}

/** {@link fieldText} for each refused field of `form`. */
export function fieldTexts(form: SignInForm, problems: Readonly<Record<string, Pick<FieldProblem, 'reason' | 'values'>>>): Record<string, Text> {
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, fieldText(form, field, problem)]));
}

/**
 * The wait of a 429 in whole minutes (at least 1), from its `Retry-After` seconds: the number the
 * English message of `rateLimits.ts` names, for the page's "Please wait {minutes}".
 */
export function retryMinutes(error: ApiError): number {
  const seconds = Number(error.headers['Retry-After'] ?? 60);
  return Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60));
}

/**
 * The cookie in which the PWA keeps the language the device last showed, as a code `en`, `es` or
 * `fr` (docs/product.md#language; written by `pwa/src/platform/i18n/index.ts`, whose `LANGUAGE_COOKIE` has
 * the same name). Not sent back by the server: the sign-in pages only read it.
 */
export const LANGUAGE_COOKIE = 'oracy_language';

const DEVICE_LANGUAGES: Record<string, Language> = { en: 'English', es: 'Spanish', fr: 'French' };

/**
 * The language a sign-in page is shown in (docs/product.md#language): the signed-in user's own
 * choice when there is one; else the one the app last showed on this device ({@link LANGUAGE_COOKIE}:
 * the user's choice, or the school's language, when they last used it); else the school's. The
 * browser's `Accept-Language` is not consulted: like the app, the pages speak the school's
 * language until someone chooses another.
 */
export async function pageLanguage(c: Context, user?: { language?: string | null } | null): Promise<Language> {
  if (user?.language && Object.hasOwn(LANGUAGE_CODES, user.language)) return user.language as Language;
  const device = getCookie(c, LANGUAGE_COOKIE);
  if (device && Object.hasOwn(DEVICE_LANGUAGES, device)) return DEVICE_LANGUAGES[device]!;
  return readSchoolLanguage();
}
