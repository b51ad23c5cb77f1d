import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, languageCode, languageName, setLanguage, startLanguage, t, useI18n } from './index';

function Title() {
  const { t, intl } = useI18n();
  return (
    <p>
      {t('route.profile')} · {intl.formatNumber(1234.5)}
    </p>
  );
}

describe('the active language', () => {
  it('starts in English and switches every translated component, <html lang> and the remembered choice', async () => {
    render(<Title />);
    expect(screen.getByText('Profile · 1,234.5')).toBeInTheDocument();

    await act(() => setLanguage('fr'));
    expect(screen.getByText(/^Profil · 1\s234,5$/)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(startLanguage()).toBe('fr');
    // the server's sign-in pages read the same choice from a cookie (docs/product.md#language)
    expect(document.cookie.split('; ')).toContain(`${LANGUAGE_COOKIE}=fr`);

    await act(() => setLanguage('es'));
    expect(screen.getByText(/^Perfil · 1234,5$/)).toBeInTheDocument();
    expect(t('route.settings')).toBe('Configuración');
    expect(activeLanguage()).toBe('es');
  });

  it('the last of two quick switches wins', async () => {
    await act(async () => {
      const first = setLanguage('fr');
      const second = setLanguage('es');
      await Promise.all([first, second]);
    });
    expect(activeLanguage()).toBe('es');
  });

  it("maps the settings' language names to codes and back; anything unknown is English", () => {
    expect(languageCode('Spanish')).toBe('es');
    expect(languageCode('French')).toBe('fr');
    expect(languageCode(null)).toBe('en');
    expect(languageCode('Klingon')).toBe('en');
    expect(languageName('fr')).toBe('French');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(startLanguage()).toBe('en');
  });
});
