import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings } from '../settings/model.js';
import { User } from '../people/userModel.js';
import { getEnv } from '../platform/env.js';
import type { FieldReason } from '../platform/http/errors.js';
import type { Language } from '../people/userPresenter.js';
import { t, type MessageId } from '../platform/i18n/index.js';
import en from '../platform/i18n/messages/en.json';
import { createUser, signIn, TEST_ORIGIN } from '../test/factories.js';
import { fieldText, fieldTexts, LANGUAGE_COOKIE, type SignInForm } from './pageTexts.js';
import { renderChangePasswordPage, renderLoginPage, renderRegisterPage, renderRegistrationClosedPage } from './pages.js';

const app = createApp();
const page = async (path: string, headers: Record<string, string> = {}) => (await app.request(path, { headers })).text();
const setSchoolLanguage = (language: string) => SchoolSettings.findOneAndUpdate({ _id: SCHOOL_SETTINGS_ID }, { $set: { language, backupFrequency: 'Daily' } }, { upsert: true });

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

  it("shows the language the app last showed on this device (its cookie) before the school's", async () => {
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

/** The words a person sees on a page: no style, no tags, no attributes; entities as characters. */
function visibleText(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const SAMPLE_VALUES = { min: 10, max: 100, minutes: 5 };

/** Every English text of the sign-in pages' catalogue keys (not the export page's `export.*`) that `language` words otherwise, found on the page. */
function englishLeftovers(page: string, language: Language): string[] {
  const shown = visibleText(page);
  return (Object.keys(en) as MessageId[])
    .filter((id) => !id.startsWith('export.'))
    .map((id) => [t('English', id, SAMPLE_VALUES), t(language, id, SAMPLE_VALUES)] as const)
    .filter(([english, translated]) => english !== translated && shown.includes(english))
    .map(([english]) => english);
}

/** Every (form, field, reason) the sign-in routes can refuse, each with the limit it names. */
const REFUSALS: [SignInForm, string, FieldReason, { min?: number; max?: number }?][] = [
  ['register', 'firstName', 'required'],
  ['register', 'firstName', 'too_long', { max: 100 }],
  ['register', 'firstName', 'invisible_characters'],
  ['register', 'lastName', 'required'],
  ['register', 'lastName', 'no_letter'],
  ['register', 'email', 'required'],
  ['register', 'email', 'invalid_format'],
  ['register', 'email', 'too_long', { max: 254 }],
  ['register', 'email', 'email_domain'],
  ['register', 'password', 'required'],
  ['register', 'password', 'too_short', { min: 10 }],
  ['register', 'password', 'common_password'],
  ['changePassword', 'password', 'required'],
  ['changePassword', 'password', 'same_as_one_time'],
  ['changePassword', 'confirmPassword', 'required'],
  ['changePassword', 'confirmPassword', 'too_long', { max: 128 }],
  ['changePassword', 'confirmPassword', 'passwords_differ'],
];

describe('the sign-in pages in Spanish and French leave no English behind', () => {
  for (const language of ['Spanish', 'French'] as const) {
    it(`${language}: every page, every refusal, every error`, () => {
      const pages = [
        renderLoginPage({ language, error: { id: 'error.invalidCredentials' } }),
        renderLoginPage({ language, error: { id: 'error.tooManySignIns', values: { minutes: 5 } }, registration: { mode: 'closed' } }),
        renderLoginPage({ language, error: { id: 'error.enterEmailAndPassword' } }),
        renderRegisterPage({ language, error: { id: 'error.duplicateEmail' }, registration: { mode: 'domains', domains: ['school.example'] } }),
        renderRegisterPage({ language, error: { id: 'error.tooManyAccounts', values: { minutes: 5 } } }),
        renderRegisterPage({ language, error: { id: 'error.emailDomain' }, fields: fieldTexts('register', { email: { reason: 'email_domain' } }) }),
        renderRegistrationClosedPage(language),
        ...REFUSALS.map(([form, field, reason, values]) => {
          const fields = { [field]: fieldText(form, field, { reason, ...(values ? { values } : {}) }) };
          return form === 'register'
            ? renderRegisterPage({ language, error: { id: 'error.checkFields' }, fields })
            : renderChangePasswordPage({ language, email: 'ana@school.example', error: { id: 'error.checkFields' }, fields });
        }),
      ];
      for (const page of pages) expect(englishLeftovers(String(page), language)).toEqual([]);
    });
  }

  it('the check finds English on a page', () => {
    expect(englishLeftovers(String(renderLoginPage({ error: { id: 'error.invalidCredentials' } })), 'Spanish')).toEqual(
      expect.arrayContaining(['Sign in', 'Invalid email or password', 'How Oracy uses your data']),
    );
  });

  it('words each refusal from its field and reason, in English exactly as the JSON API says it', () => {
    const english = REFUSALS.map(([form, field, reason, values]) => {
      const text = fieldText(form, field, { reason, ...(values ? { values } : {}) });
      return t('English', text.id, text.values);
    });
    expect(english).toEqual([
      'Enter your first name.',
      'Use at most 100 characters.',
      'Names cannot contain control or invisible characters',
      'Enter your last name.',
      'Names must contain at least one letter',
      'Enter your email.',
      'Enter a valid email address.',
      'Use at most 254 characters.',
      'This email address cannot be used here.',
      'Enter a password.',
      'Use at least 10 characters.',
      'This password is too common. Choose one that is harder to guess.',
      'Enter a new password.',
      'Choose a password other than your one-time password.',
      'Enter the new password again.',
      'The two passwords do not match.',
      'The two passwords do not match.',
    ]);
  });

  it('a refused registration form shows its field messages in the page’s language, from their reasons', async () => {
    const res = await app.request('/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TEST_ORIGIN, Cookie: `${LANGUAGE_COOKIE}=fr` },
      body: new URLSearchParams({ firstName: '', lastName: '1234', email: 'not-an-email', password: 'short' }).toString(),
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('Veuillez corriger les champs ci-dessous.');
    expect(page).toContain('Saisissez votre prénom.');
    expect(page).toContain('Les noms doivent contenir au moins une lettre');
    expect(page).toContain('Saisissez une adresse e-mail valide.');
    expect(page).toContain('Utilisez au moins 10\u00a0caractères.');
    expect(englishLeftovers(page, 'French')).toEqual([]);
  });

  it('a rate-limited page names the wait in the page’s language; in English, the JSON API’s sentence word for word', async () => {
    const limited = createApp({ env: { ...getEnv(), REGISTRATIONS_PER_IP_HOUR: 1 } });
    const register = (cookie: string) =>
      limited.request('/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TEST_ORIGIN, Cookie: cookie },
        body: new URLSearchParams({ firstName: 'Ana', lastName: 'Ruiz', email: 'not-an-email', password: 'short' }).toString(),
      });
    expect((await register(`${LANGUAGE_COOKIE}=es`)).status).toBe(400);
    const spanish = await register(`${LANGUAGE_COOKIE}=es`);
    expect(spanish.status).toBe(429);
    expect(await spanish.text()).toContain('Se han creado demasiadas cuentas desde tu red. Espera 60 minutos y vuelve a intentarlo.');
    const json = await limited.request('/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
      body: JSON.stringify({ firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', password: 'a long enough password' }),
    });
    const { error } = (await json.json()) as { error: { message: string } };
    const english = await (await register(`${LANGUAGE_COOKIE}=en`)).text();
    expect(english).toContain(`<div class="alert" role="alert">${error.message}</div>`);
  });
});
