import { HttpError } from '../api/api';
import { errorMessage } from '../api/errorMessage';
import { t } from '../i18n';

/** What a dialog saves: the word its failure message names. */
export type SavedThing = 'course' | 'notice' | 'feedback' | 'task';

/**
 * The text a dialog shows when saving failed: "The {thing} could not be saved." (in the active
 * language) followed by the server's reason for a 4xx `HttpError` (it names what to fix;
 * {@link errorMessage}, translated when its code is known), or by "Please try again." for
 * anything else (5xx, offline, network error). docs/contributing.md#texts-and-languages.
 */
export function saveFailureMessage(thing: SavedThing, error: unknown): string {
  const detail = error instanceof HttpError && error.status < 500 ? errorMessage(error) : t('common.tryAgain');
  return `${t('components.saveFailure.notSaved', { thing })} ${detail}`;
}
