import { HttpError } from '../data/api';

/**
 * The text a dialog shows when saving failed: "The {noun} could not be
 * saved." followed by the server's message for a 4xx `HttpError` (it names
 * what to fix), or by "Please try again." for anything else (5xx, offline,
 * network error).
 */
export function saveFailureMessage(noun: string, error: unknown): string {
  const detail = error instanceof HttpError && error.status < 500 ? ` ${error.message}` : ' Please try again.';
  return `The ${noun} could not be saved.${detail}`;
}
