import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings, User } from '../db/models/index.js';
import { createUser, signIn, TEST_ORIGIN } from '../test/factories.js';
import { LANGUAGE_COOKIE, translateMessage } from './pageTexts.js';

const app = createApp();
const page = async (path: string, headers: Record<string, string> = {}) => (await app.request(path, { headers })).text();
const setSchoolLanguage = (language: string) =>
  SchoolSettings.findOneAndUpdate({ _id: SCHOOL_SETTINGS_ID }, { $set: { language, backupFrequency: 'Daily' } }, { upsert: true });

afterEach(async () => {
  await SchoolSettings.deleteOne({ _id: SCHOOL_SETTINGS_ID });
});

describe("the sign-in pages in the school's language or the device's (docs/product.md#language)", () => {
  it("shows the school's language, whatever the browser asks for", async () => {
    await setSchoolLanguage('Spanish');
    for (const headers of [{}, { 'Accept-Language': 'en-US,en;q=0.9' }] as Record<string, string>[]) {
      const login = await page('/login', headers);
      expect(login).toContain('<html lang="es">');
      expect(login).toContain('<h2>Iniciar sesión</h2>');
      expect(login).toContain('<label for="email">Correo electrónico</label>');
    }
    expect(await page('/register', { 'Accept-Language': 'en' })).toContain('Crea tu cuenta');
  });

  it('shows the language the app last showed on this device (its cookie) before the school\'s', async () => {
    await setSchoolLanguage('Spanish');
    const french = await page('/register', { Cookie: `${LANGUAGE_COOKIE}=fr` });
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain('Créez votre compte');
    expect(french).toContain('Au moins 10\u00a0caractères.');
    expect(await page('/login', { Cookie: `${LANGUAGE_COOKIE}=en` })).toContain('<h2>Sign in</h2>');
    // a value that is none of the three codes is ignored
    expect(await page('/login', { Cookie: `${LANGUAGE_COOKIE}=de` })).toContain('<h2>Iniciar sesión</h2>');
    expect(await page('/login', { Cookie: `${LANGUAGE_COOKIE}=toString` })).toContain('<h2>Iniciar sesión</h2>');
  });

  it('links the sign-in and registration pages to the privacy notice (docs/product.md#privacy), in the page’s language', async () => {
    expect(await page('/login')).toContain('<a href="/privacy">How Oracy uses your data</a>');
    expect(await page('/register', { Cookie: `${LANGUAGE_COOKIE}=es` })).toContain('<a href="/privacy">Cómo usa Oracy tus datos</a>');
    expect(await page('/login', { Cookie: `${LANGUAGE_COOKIE}=fr` })).toContain('<a href="/privacy">Comment Oracy utilise vos données</a>');
  });

  it("shows English while the school's language was never saved, and the school's once it is", async () => {
    expect(await page('/login', { 'Accept-Language': 'de-DE' })).toContain('<h2>Sign in</h2>');
    await setSchoolLanguage('French');
    const french = await page('/login', { 'Accept-Language': 'de-DE' });
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain('<h2>Se connecter</h2>');
    expect(await page('/login')).toContain('Développez votre expression orale');
  });

  it('translates the messages a failed form shows, and keeps the typed email', async () => {
    const { user } = await createUser({ role: 3 });
    const res = await app.request('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TEST_ORIGIN, Cookie: `${LANGUAGE_COOKIE}=es` },
      body: new URLSearchParams({ email: user.email, password: 'not-the-password' }).toString(),
    });
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(body).toContain('Correo electrónico o contraseña incorrectos');
    expect(body).toContain(`value="${user.email}"`);
  });

  it("shows the change-password page in the signed-in user's own language", async () => {
    const { user, password } = await createUser({ role: 3 });
    const cookie = await signIn(app, user.email, password);
    await User.updateOne({ _id: user.id }, { $set: { mustChangePassword: true, language: 'French' } });
    const html = await page('/change-password', { Cookie: `${cookie}; ${LANGUAGE_COOKIE}=es` });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Choisissez un nouveau mot de passe');
  });
});

describe('translateMessage', () => {
  it('translates known messages, carrying numbers and waiting times over', () => {
    expect(translateMessage('Spanish', 'Use at least 8 characters.')).toBe('Usa al menos 8 caracteres.');
    expect(translateMessage('French', 'Use at most 100 characters.')).toBe('Utilisez au plus 100\u00a0caractères.');
    expect(translateMessage('Spanish', 'Too many sign-in attempts. Please wait 1 minute and try again.')).toBe(
      'Demasiados intentos de inicio de sesión. Espera 1 minuto y vuelve a intentarlo.',
    );
    expect(translateMessage('French', 'Too many sign-in attempts. Please wait 12 minutes and try again.')).toBe(
      'Trop de tentatives de connexion. Veuillez patienter 12\u00a0minutes puis réessayer.',
    );
  });

  it('leaves English and unknown messages as they are', () => {
    expect(translateMessage('English', 'Invalid email or password')).toBe('Invalid email or password');
    expect(translateMessage('French', 'Something nobody wrote down.')).toBe('Something nobody wrote down.');
  });
});
