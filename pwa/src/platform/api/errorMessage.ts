/**
 * The text people see for a failed call (docs/contributing.md#texts-and-languages,
 * docs/product.md#error-format): the API answers `{error: {code, message}}` with an English
 * `message` and a stable `code`; the discussion's socket sends `messageError` with the same pair.
 * The PWA shows its own text for a code its catalogues know (`errors.<code>`) and the server's
 * English message for any other.
 */
import { intl, t, type MessageId } from '../i18n';
import { HttpError, NetworkError, OfflineError } from './api';

/** The catalogue key of an API or socket error code, e.g. `unavailable` → `errors.unavailable`. */
function codeKey(code: string): MessageId {
  return `errors.${code}` as MessageId;
}

/**
 * `true` when the catalogues have a text of their own for the API error `code` (`errors.<code>`,
 * e.g. `unavailable`, `session_ended`); codes whose server message names what to fix
 * (`not_found`, `conflict`, `validation_error` …) have none.
 */
export function isKnownErrorCode(code: string | null | undefined): code is string {
  return typeof code === 'string' && /^[a-z][a-z0-9_]*$/.test(code) && Object.hasOwn(intl().messages, codeKey(code));
}

/**
 * The text of an error the server sent as `code` and `message`: `t('errors.<code>')` in the active
 * language when the catalogues know the code, else the server's `message` as it came.
 */
export function serverErrorText(code: string | null | undefined, message: string): string {
  return isKnownErrorCode(code) ? t(codeKey(code)) : message;
}

/**
 * The text to show for `error`, a failure of `data/api.ts` or anything else thrown:
 * - {@link HttpError}: {@link serverErrorText} of its `code` and `message` (a `validation_error`'s
 *   message is the server's; screens show their own texts for its `fields`);
 * - {@link OfflineError} / {@link NetworkError}: the PWA's text for its `reason`
 *   (`errors.network.offline`, `…timedOut` …);
 * - anything else: `fallback` when given, else an `Error`'s message, else `String(error)`.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof HttpError) return serverErrorText(error.code, error.message);
  if (error instanceof OfflineError || error instanceof NetworkError) return t(`errors.network.${error.reason}`);
  if (fallback !== undefined) return fallback;
  return error instanceof Error ? error.message : String(error);
}
