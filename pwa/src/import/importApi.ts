/**
 * The import call (docs/product.md#import), typed, through the one network module (`data/api.ts`):
 * a preview of a file, then the same file applied, and the one-time passwords as a CSV file.
 */
import { callOptions, client, json, type Answer } from '../platform/api/client';
import { HttpError, NetworkError, OfflineError } from '../platform/api/api';
import { errorMessage } from '../platform/api/errorMessage';
import { t } from '../platform/i18n';

const admin = client.api.admin;

/** The answer of an import or its preview: each row with its status and reasons, the counts, and once the passwords. */
export type ImportResult = Answer<typeof admin.import.$post>;
/** One row of the file as the server read it (docs/product.md#import). */
export type ImportRow = ImportResult['rows'][number];
/** A row's status: `create`, `update`, `skip` or `error`. */
export type ImportStatus = ImportRow['status'];
/** A one-time password of an account the import made. */
export type ImportPassword = NonNullable<ImportResult['passwords']>[number];

/** Time limit of a preview, in ms: reading and checking 5,000 rows takes a few seconds. */
export const PREVIEW_TIMEOUT_MS = 120_000;
/** Time limit of an import, in ms: each new account costs a password hash, about 20 ms (docs/product.md#import). */
export const IMPORT_TIMEOUT_MS = 10 * 60_000;
/** The file chooser's accepted types (docs/product.md#import). */
export const ACCEPTED_FILES = '.csv,.json,text/csv,application/json';
/** The download name of the one-time passwords. */
export const PASSWORDS_FILE_NAME = 'one-time-passwords.csv';

/**
 * `POST /api/admin/import?dryRun=1` with the file: what importing it would do. Writes nothing.
 * @throws the errors of `data/api.ts`: `HttpError` 400 (an unreadable file, with the reason) or 413
 *   (`file_too_large` over 2 MB, `too_many_rows` over 5,000 people)
 */
export function previewImport(file: File, signal?: AbortSignal): Promise<ImportResult> {
  return json(admin.import.$post({ query: { dryRun: '1' }, form: { file } }, callOptions({ signal, timeoutMs: PREVIEW_TIMEOUT_MS })));
}

/**
 * `POST /api/admin/import` with the file and an `Idempotency-Key`: applies it. Sending the same
 * file with the same key again (after a lost answer) applies nothing twice and answers the first
 * result without the passwords (`passwordsWithheld`).
 * @param key one key per chosen file (`newIdempotencyKey` of `data/outbox.ts`)
 * @throws the errors of `data/api.ts`, as {@link previewImport}; 409 for a key used with another file
 */
export function applyImport(file: File, key: string): Promise<ImportResult> {
  return json(admin.import.$post({ query: {}, form: { file } }, { ...callOptions({ timeoutMs: IMPORT_TIMEOUT_MS }), headers: { 'Idempotency-Key': key } }));
}

/** One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The one-time passwords as a CSV file: a header `email,password`, then one line per account, in row order. */
export function passwordsCsv(passwords: readonly ImportPassword[]): Blob {
  const lines = ['email,password', ...passwords.map(({ email, password }) => `${csvCell(email)},${csvCell(password)}`)];
  return new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

/** The most people one import takes (docs/product.md#import). */
export const MAX_IMPORT_ROWS = 5_000;

/**
 * What the dialog says when a preview or an import fails (docs/product.md#import), in the active
 * language: a file too large or with too many people in the PWA's words, the server's reason for
 * another file it refused (400, 413: `errorMessage`), else a sentence per kind of failure.
 */
export function importFailureMessage(error: unknown): string {
  if (error instanceof HttpError && error.code === 'file_too_large') return t('admin.import.fileTooLarge');
  if (error instanceof HttpError && error.code === 'too_many_rows') return t('admin.import.tooManyRows', { max: MAX_IMPORT_ROWS });
  if (error instanceof HttpError && (error.status === 400 || error.status === 413)) return errorMessage(error);
  if (error instanceof HttpError && error.status === 409) return t('admin.import.conflict');
  if (error instanceof OfflineError) return t('admin.import.offline');
  if (error instanceof NetworkError) return t('admin.import.noAnswer');
  return t('admin.import.failed');
}
