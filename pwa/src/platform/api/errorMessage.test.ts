import { afterEach, describe, expect, it } from 'vitest';
import { installMessages } from '../i18n';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import { HttpError, NetworkError, OfflineError } from './api';
import { errorMessage, isKnownErrorCode, serverErrorText } from './errorMessage';

/** The text of a failed call (docs/contributing.md#texts-and-languages: API errors). */
describe('errorMessage', () => {
  afterEach(() => installMessages('en', en));

  it("shows the catalogue's text for a code it knows, in English the server's own words", () => {
    const error = new HttpError(503, 'unavailable', 'Oracy cannot reach its database right now. Please try again in a moment.');
    expect(errorMessage(error)).toBe(error.message);
    installMessages('es', es);
    expect(errorMessage(error)).toBe(es['errors.unavailable']);
  });

  it("keeps the server's message for a code it does not know, in every language", () => {
    installMessages('es', es);
    expect(errorMessage(new HttpError(404, 'not_found', 'No such course.'))).toBe('No such course.');
    expect(isKnownErrorCode('not_found')).toBe(false);
    expect(isKnownErrorCode('network.offline')).toBe(false);
    expect(serverErrorText(undefined, 'Too big')).toBe('Too big');
  });

  it('names what happened for the PWA’s own failures, and otherwise the fallback', () => {
    expect(errorMessage(new OfflineError())).toBe('You appear to be offline.');
    expect(errorMessage(new NetworkError('late', { reason: 'timedOut' }))).toBe('The request timed out.');
    expect(errorMessage(new OfflineError('gone', { reason: 'connectionClosed' }))).toBe('The connection closed while reading the response.');
    expect(errorMessage(new Error('boom'), 'Please try again.')).toBe('Please try again.');
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });

  it('matches the chat codes of the server with its texts', () => {
    expect(serverErrorText('session_ended', 'x')).toBe('Your session has ended. Please sign in again.');
    expect(serverErrorText('file_too_large', 'x')).toBe('File size exceeds 5MB limit');
  });
});
