import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeLanguage } from '../platform/i18n';
import { SessionProvider, useSession, useRequiredUser } from '../auth/SessionProvider';
import { mockFetch, sentJson, USERS } from '../test/fetchMock';
import { choose, fieldError, findField, optionTexts } from '../test/fields';
import { LanguageCard } from './LanguageCard';

/** The card, with a handle on the session for the test. */
function Harness({ onSession }: { onSession: (session: ReturnType<typeof useSession>) => void }) {
  const user = useRequiredUser();
  onSession(useSession());
  return user ? <LanguageCard /> : null;
}

describe("the profile screens' language (docs/product.md#language)", () => {
  it("shows the app in the user's language, else the school's, and saves a new choice before switching", async () => {
    const fetchMock = mockFetch({
      'GET /auth/current_user': { body: { ...USERS.student, language: null, schoolLanguage: 'Spanish' } },
      'PUT /api/user/language': async (request) => ({ body: await request.json() }),
    });
    let session: ReturnType<typeof useSession> | undefined;
    render(
      <SessionProvider redirect={() => undefined}>
        <Harness onSession={(s) => (session = s)} />
      </SessionProvider>,
    );

    // the school's language, Spanish, until the user chooses
    expect(await screen.findByText('Idioma', { selector: 'h2' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');

    await act(() => session!.chooseLanguage('French'));
    expect(sentJson(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/user/language')))).toEqual({ language: 'French' });
    await waitFor(() => expect(activeLanguage()).toBe('fr'));
    expect(screen.getByText('Langue', { selector: 'h2' })).toBeInTheDocument();
    expect(session!.user?.language).toBe('French');

    await act(() => session!.chooseLanguage(null));
    await waitFor(() => expect(activeLanguage()).toBe('es'));
  });

  it('keeps the language when the server refuses, and the choice rejects', async () => {
    mockFetch({
      'GET /auth/current_user': { body: USERS.teacher },
      'PUT /api/user/language': {
        status: 400,
        body: { error: { code: 'validation_error', message: 'Invalid request.', fields: { language: 'Language must be English, Spanish, French or null.' } } },
      },
    });
    let session: ReturnType<typeof useSession> | undefined;
    render(
      <SessionProvider redirect={() => undefined}>
        <Harness onSession={(s) => (session = s)} />
      </SessionProvider>,
    );
    expect(await screen.findByText('Language', { selector: 'h2' })).toBeInTheDocument();
    await expect(session!.chooseLanguage('Spanish')).rejects.toMatchObject({ status: 400 });
    expect(activeLanguage()).toBe('en');
    expect(session!.user?.language).toBeNull();
  });

  it('saves the choice made in its select; a refusal is said under it, which shows the saved choice again', async () => {
    const fetchMock = mockFetch({
      'GET /auth/current_user': { body: USERS.teacher },
      'PUT /api/user/language': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } },
    });
    render(
      <SessionProvider redirect={() => undefined}>
        <Harness onSession={() => undefined} />
      </SessionProvider>,
    );
    const select = await findField('Language');
    expect(select.value).toBe('school');
    expect(optionTexts(select)).toEqual(["The school's language (English)", 'English', 'Spanish', 'French']);

    choose(select, 'Spanish');
    await waitFor(() => expect(fieldError(select)).toBe('Your language could not be saved. Please try again.'));
    expect(sentJson(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/user/language')))).toEqual({ language: 'Spanish' });
    expect(select.value).toBe('school');
    expect(select.disabled).toBe(false);
    expect(activeLanguage()).toBe('en');
  });
});
