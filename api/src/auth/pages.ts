import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { RegistrationPolicy } from '../platform/env.js';
import type { Language } from '../platform/http/fields.js';
import { t, type MessageId, type Text } from '../platform/i18n/index.js';
import { HTML_LANG } from './pageTexts.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schema.js';

/**
 * The sign-in site of docs/product.md#sign-in-site: server-rendered pages, plain HTML
 * forms that work without JavaScript (no scripts at all, so the strict CSP
 * holds), styled like the app for a 360 px phone first, light or dark as the device asks
 * (docs/architecture.md#dark-mode-and-reduced-motion), in the page's language (the server's
 * catalogues of `../i18n`, docs/product.md#language; English by default). Every interpolated value is HTML-escaped by
 * `hono/html`.
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A word of the pages: a key of the catalogues under `page.`. */
type PageWord = MessageId extends infer Id ? (Id extends `page.${infer Word}` ? Word : never) : never;

const STYLE = raw(`
:root { color-scheme: light dark; --primary: #2e7d32; --primary-dark: #1b5e20; --on-primary: #fff; --secondary: #ef6c00; --text: #1f2933; --muted: #5f6b76; --danger: #c62828; --border: #c9d1d8; --page: #f3f6f4; --surface: #fff; --brand: var(--primary); --on-brand: #fff; --alert: #fdecea; --alert-border: #f5c2c0; --card-border: transparent; }
@media (prefers-color-scheme: dark) {
  :root { --primary: #66bb6a; --primary-dark: #5aa55d; --on-primary: #000; --secondary: #ffa040; --text: #e6ebe6; --muted: #aeb7ae; --danger: #ffb4ab; --border: #8a958a; --page: #121212; --surface: #1e1e1e; --brand: #1b3a1e; --on-brand: #e6ebe6; --alert: #3b1a1a; --alert-border: #7a3a34; --card-border: #3d453d; }
}
* { box-sizing: border-box; }
html, body { margin: 0; }
body { min-height: 100vh; background: var(--page); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; display: flex; flex-direction: column; align-items: center; }
header.brand { width: 100%; background: var(--brand); color: var(--on-brand); padding: 20px 16px 56px; text-align: center; }
.logo { display: inline-flex; align-items: center; gap: 10px; font-size: 28px; font-weight: 700; letter-spacing: .5px; margin: 0; }
.logo svg { width: 40px; height: 40px; }
.tagline { margin: 4px 0 0; font-size: 15px; }
main { width: 100%; max-width: 420px; padding: 0 16px 32px; margin-top: -40px; }
.card { background: var(--surface); border: 1px solid var(--card-border); border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.12); padding: 24px 20px; }
h2 { margin: 0 0 16px; font-size: 22px; }
.field { margin-bottom: 16px; }
label { display: block; font-weight: 600; margin-bottom: 6px; }
input { width: 100%; font: inherit; padding: 12px; border: 1px solid var(--border); border-radius: 8px; background: var(--surface); color: inherit; min-height: 48px; }
input:focus { outline: 3px solid rgba(239,108,0,.35); border-color: var(--secondary); }
input[aria-invalid="true"] { border-color: var(--danger); }
.field-error { color: var(--danger); font-size: 14px; margin: 4px 0 0; }
.hint { color: var(--muted); font-size: 14px; margin: 4px 0 0; }
.lead { margin: 0 0 16px; }
.alert { background: var(--alert); color: var(--danger); border: 1px solid var(--alert-border); border-radius: 8px; padding: 12px; margin-bottom: 16px; }
button { width: 100%; min-height: 48px; font: inherit; font-weight: 600; color: var(--on-primary); background: var(--primary); border: 0; border-radius: 8px; cursor: pointer; padding: 12px; }
button:hover { background: var(--primary-dark); }
button:focus-visible { outline: 3px solid rgba(239,108,0,.6); outline-offset: 2px; }
.switch { text-align: center; margin: 20px 0 0; }
a { color: var(--primary-dark); font-weight: 600; }
.switch a { display: inline-flex; align-items: center; min-height: 44px; }
.demo { color: var(--muted); font-size: 14px; text-align: center; margin-top: 16px; }
`);

const LOGO = raw(
  '<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="22" fill="#fff"/><path d="M14 16h20a4 4 0 0 1 4 4v9a4 4 0 0 1-4 4h-9l-7 6v-6h-4a4 4 0 0 1-4-4v-9a4 4 0 0 1 4-4z" fill="#2e7d32"/><circle cx="18" cy="24.5" r="2" fill="#ef6c00"/><circle cx="24" cy="24.5" r="2" fill="#ef6c00"/><circle cx="30" cy="24.5" r="2" fill="#ef6c00"/></svg>',
);

function layout(title: string, body: Html, language: Language = 'English'): Html {
  return html`<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#2e7d32" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#1b3a1e" media="(prefers-color-scheme: dark)">
<meta name="color-scheme" content="light dark">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${title} · Oracy</title>
<style>${STYLE}</style>
</head>
<body>
<header class="brand">
<h1 class="logo">${LOGO}<span>Oracy</span></h1>
<p class="tagline">${t(language, 'page.tagline')}</p>
</header>
<main>
<div class="card">
${body}
</div>
</main>
</body>
</html>`;
}

/** `text` in `language`, or undefined without one. */
function word(language: Language, text: Text | undefined): string | undefined {
  return text && t(language, text.id, text.values);
}

function alert(message: string | undefined): Html | string {
  return message ? html`<div class="alert" role="alert">${message}</div>` : '';
}

interface FieldSpec {
  id: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  minlength?: number;
  maxlength: number;
  autofocus?: boolean;
}

function field(f: FieldSpec): Html {
  const describedBy = [f.error ? `${f.id}-error` : '', f.hint ? `${f.id}-hint` : ''].filter(Boolean).join(' ');
  return html`<div class="field">
<label for="${f.id}">${f.label}</label>
<input id="${f.id}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required maxlength="${f.maxlength}"${f.minlength ? html` minlength="${f.minlength}"` : ''}${f.value !== undefined ? html` value="${f.value}"` : ''}${f.autofocus ? raw(' autofocus') : ''}${f.error ? raw(' aria-invalid="true"') : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}>
${f.hint ? html`<p class="hint" id="${f.id}-hint">${f.hint}</p>` : ''}
${f.error ? html`<p class="field-error" id="${f.id}-error">${f.error}</p>` : ''}
</div>`;
}

/** The sign-in page's line under the form when nobody may register (docs/product.md#registration-policy), in English. */
export const NO_REGISTRATION_LINE = t('English', 'page.noRegistration');

/** The pages' link to the privacy notice at /privacy (docs/product.md#privacy), readable signed out. */
function privacyLine(language: Language): Html {
  return html`<p class="switch"><a href="/privacy">${t(language, 'page.privacyLink')}</a></p>`;
}

/**
 * `GET /login` (docs/product.md#sign-in-site): "Email", "Password", "Sign in", and under the form
 * a link to /register — or, when `REGISTRATION` is closed, {@link NO_REGISTRATION_LINE} and no
 * link (docs/product.md#registration-policy). Posts as a form to `/auth/login`.
 * @param opts.email the typed email to keep after a failed attempt.
 * @param opts.error a message shown above the form, e.g. `{id: 'error.invalidCredentials'}`.
 * @param opts.notice an informational line (not an error).
 * @param opts.registration the server's registration policy; default open (the link shows).
 * @param opts.language the page's language; English by default. `error` and `notice` are worded in it.
 */
export function renderLoginPage(opts: { email?: string; error?: Text; notice?: Text; registration?: RegistrationPolicy; language?: Language } = {}): Html {
  const closed = opts.registration?.mode === 'closed';
  const language = opts.language ?? 'English';
  const text = (key: PageWord) => t(language, `page.${key}`);
  return layout(
    text('signIn'),
    html`<h2>${text('signIn')}</h2>
${alert(word(language, opts.error))}
${opts.notice ? html`<p class="hint">${word(language, opts.notice)}</p>` : ''}
<form method="post" action="/auth/login">
${field({ id: 'email', name: 'email', label: text('email'), type: 'email', autocomplete: 'username', value: opts.email ?? '', maxlength: 254, autofocus: !opts.email })}
${field({ id: 'password', name: 'password', label: text('password'), type: 'password', autocomplete: 'current-password', maxlength: 1024, autofocus: Boolean(opts.email) })}
<button type="submit">${text('signIn')}</button>
</form>
${closed ? html`<p class="switch">${text('noRegistration')}</p>` : html`<p class="switch">${text('newToOracy')} <a href="/register">${text('createAccountLink')}</a></p>`}
${privacyLine(language)}`,
    language,
  );
}

/** The values a registration form keeps after an error (never the password). */
export interface RegisterFormValues {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** The hint under the email field when only some email domains may register (docs/product.md#registration-policy), in English. */
export const SCHOOL_EMAIL_HINT = t('English', 'page.schoolEmailHint');

/**
 * `GET /register` (docs/product.md#sign-in-site): "First name", "Last name", "Email",
 * "Password", "Create account", a link to /login. Posts as a form to
 * `/auth/register`. When `REGISTRATION` lists email domains the email field says
 * {@link SCHOOL_EMAIL_HINT} (the domains themselves are not shown); when it is closed the page is
 * {@link renderRegistrationClosedPage} instead (docs/product.md#registration-policy).
 * @param opts.values typed values to keep (the password is never re-filled).
 * @param opts.error a message above the form, e.g. `{id: 'error.duplicateEmail'}`.
 * @param opts.fields per-field messages keyed by field name (`fieldTexts('register', …)` of `pageTexts.ts`).
 * @param opts.registration the server's registration policy; default open.
 * @param opts.language the page's language; English by default. Messages are worded in it.
 */
export function renderRegisterPage(opts: { values?: RegisterFormValues; error?: Text; fields?: Record<string, Text>; registration?: RegistrationPolicy; language?: Language } = {}): Html {
  const language = opts.language ?? 'English';
  if (opts.registration?.mode === 'closed') return renderRegistrationClosedPage(language);
  const text = (key: PageWord) => t(language, `page.${key}`);
  const v = opts.values ?? {};
  const f = wordFields(language, opts.fields);
  const emailHint = opts.registration?.mode === 'domains' ? text('schoolEmailHint') : undefined;
  return layout(
    text('createAccount'),
    html`<h2>${text('createYourAccount')}</h2>
${alert(word(language, opts.error))}
<form method="post" action="/auth/register">
${field({ id: 'firstName', name: 'firstName', label: text('firstName'), type: 'text', autocomplete: 'given-name', value: v.firstName ?? '', maxlength: 100, error: f.firstName, autofocus: true })}
${field({ id: 'lastName', name: 'lastName', label: text('lastName'), type: 'text', autocomplete: 'family-name', value: v.lastName ?? '', maxlength: 100, error: f.lastName })}
${field({ id: 'email', name: 'email', label: text('email'), type: 'email', autocomplete: 'email', value: v.email ?? '', maxlength: 254, error: f.email, ...(emailHint ? { hint: emailHint } : {}) })}
${field({ id: 'password', name: 'password', label: text('password'), type: 'password', autocomplete: 'new-password', minlength: PASSWORD_MIN_LENGTH, maxlength: PASSWORD_MAX_LENGTH, error: f.password, hint: t(language, 'page.passwordHint', { min: PASSWORD_MIN_LENGTH }) })}
<button type="submit">${text('createAccount')}</button>
</form>
<p class="switch">${text('alreadyHaveAccount')} <a href="/login">${text('signIn')}</a></p>
${privacyLine(language)}`,
    language,
  );
}

/** Per-field messages in `language`. */
function wordFields(language: Language, fields: Record<string, Text> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, text]) => [name, t(language, text.id, text.values)]));
}

/** The sentence of the registration-closed page (docs/product.md#registration-policy), in English. */
export const REGISTRATION_CLOSED_TEXT = t('English', 'page.closedText');

/**
 * `GET /register` while `REGISTRATION` is closed, and the answer (403) to a form posted to
 * `/auth/register` then (docs/product.md#registration-policy): {@link REGISTRATION_CLOSED_TEXT}
 * and a link back to sign in; no form. In `language`, English by default.
 */
export function renderRegistrationClosedPage(language: Language = 'English'): Html {
  return layout(
    t(language, 'page.createAccount'),
    html`<h2>${t(language, 'page.closedHeading')}</h2>
<p>${t(language, 'page.closedText')}</p>
<p class="switch"><a href="/login">${t(language, 'page.backToSignIn')}</a></p>
${privacyLine(language)}`,
    language,
  );
}

/**
 * `GET /change-password` (docs/product.md#one-time-passwords): "Choose a new password" for a user
 * who signed in with a one-time password — "New password" (with the length hint) and "Confirm new
 * password", "Save password". Posts as a form to `/auth/change-password`. The account's email is
 * in a hidden `username` field, so that a password manager files the new password under it.
 * @param opts.email the signed-in user's email.
 * @param opts.error a message above the form.
 * @param opts.fields per-field messages keyed `password` / `confirmPassword` (`fieldTexts('changePassword', …)`).
 * @param opts.language the page's language; English by default. Messages are worded in it.
 */
export function renderChangePasswordPage(opts: { email: string; error?: Text; fields?: Record<string, Text>; language?: Language }): Html {
  const language = opts.language ?? 'English';
  const text = (key: PageWord) => t(language, `page.${key}`);
  const f = wordFields(language, opts.fields);
  return layout(
    text('choosePassword'),
    html`<h2>${text('choosePassword')}</h2>
${alert(word(language, opts.error))}
<p class="lead">${text('oneTimeLead')}</p>
<form method="post" action="/auth/change-password">
<input type="hidden" name="username" autocomplete="username" value="${opts.email}">
${field({ id: 'password', name: 'password', label: text('newPassword'), type: 'password', autocomplete: 'new-password', minlength: PASSWORD_MIN_LENGTH, maxlength: PASSWORD_MAX_LENGTH, error: f.password, hint: t(language, 'page.passwordHint', { min: PASSWORD_MIN_LENGTH }), autofocus: true })}
${field({ id: 'confirmPassword', name: 'confirmPassword', label: text('confirmPassword'), type: 'password', autocomplete: 'new-password', maxlength: PASSWORD_MAX_LENGTH, error: f.confirmPassword })}
<button type="submit">${text('savePassword')}</button>
</form>`,
    language,
  );
}

/**
 * The page answered for every non-API path while `pwa/dist` is missing
 * (docs/architecture.md#one-origin): it says the PWA has not been built and how to build it.
 */
export function renderPwaMissingPage(): Html {
  return layout(
    'Not built yet',
    html`<h2>The app has not been built yet</h2>
<p>The Oracy API is running, but the PWA has not been built. Run <code>npm start</code> in the repository to build it and start the server.</p>
<p class="switch"><a href="/login">Sign in</a></p>`,
  );
}
