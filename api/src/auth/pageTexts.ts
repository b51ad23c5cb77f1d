import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Language } from '../presenters/user.js';
import { readSchoolLanguage } from '../services/language.js';

/**
 * The texts of the server-rendered sign-in pages in English, Spanish and French
 * (docs/product.md#language): their own words, and the messages the sign-in routes show on them,
 * which the routes write in English (the JSON API answers stay English) and the pages translate.
 */

/** The words of the pages, by key. English is the product's text. */
const PAGE_TEXTS = {
  English: {
    tagline: 'Build your speaking skills',
    signIn: 'Sign in',
    email: 'Email',
    password: 'Password',
    newToOracy: 'New to Oracy?',
    createAccountLink: 'Create an account',
    noRegistration: 'No account yet? Your school makes them: ask a teacher or the school office.',
    createAccount: 'Create account',
    createYourAccount: 'Create your account',
    firstName: 'First name',
    lastName: 'Last name',
    passwordHint: 'At least {min} characters.',
    alreadyHaveAccount: 'Already have an account?',
    schoolEmailHint: 'Use your school email address.',
    closedHeading: 'Accounts are made by your school',
    closedText: 'Accounts for Oracy are made by your school. Ask a teacher or the school office for yours.',
    backToSignIn: 'Back to sign in',
    choosePassword: 'Choose a new password',
    oneTimeLead: 'You signed in with a one-time password. Choose your own password to go on; the one-time password then stops working.',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    savePassword: 'Save password',
    privacyLink: 'How Oracy uses your data',
  },
  Spanish: {
    tagline: 'Mejora tu expresión oral',
    signIn: 'Iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    newToOracy: '¿Eres nuevo en Oracy?',
    createAccountLink: 'Crea una cuenta',
    noRegistration: '¿Aún no tienes cuenta? Las crea tu centro: pídesela a un profesor o a la secretaría.',
    createAccount: 'Crear cuenta',
    createYourAccount: 'Crea tu cuenta',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    passwordHint: 'Al menos {min} caracteres.',
    alreadyHaveAccount: '¿Ya tienes una cuenta?',
    schoolEmailHint: 'Usa el correo electrónico de tu centro.',
    closedHeading: 'Las cuentas las crea tu centro',
    closedText: 'Las cuentas de Oracy las crea tu centro. Pide la tuya a un profesor o a la secretaría.',
    backToSignIn: 'Volver a iniciar sesión',
    choosePassword: 'Elige una contraseña nueva',
    oneTimeLead: 'Has iniciado sesión con una contraseña de un solo uso. Elige tu propia contraseña para continuar; después, la contraseña de un solo uso dejará de funcionar.',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Confirma la contraseña nueva',
    savePassword: 'Guardar contraseña',
    privacyLink: 'Cómo usa Oracy tus datos',
  },
  French: {
    tagline: 'Développez votre expression orale',
    signIn: 'Se connecter',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    newToOracy: 'Nouveau sur Oracy\u00a0?',
    createAccountLink: 'Créer un compte',
    noRegistration: 'Pas encore de compte\u00a0? C’est votre établissement qui les crée\u00a0: demandez à un enseignant ou au secrétariat.',
    createAccount: 'Créer un compte',
    createYourAccount: 'Créez votre compte',
    firstName: 'Prénom',
    lastName: 'Nom',
    passwordHint: 'Au moins {min}\u00a0caractères.',
    alreadyHaveAccount: 'Vous avez déjà un compte\u00a0?',
    schoolEmailHint: 'Utilisez l’adresse e-mail de votre établissement.',
    closedHeading: 'Les comptes sont créés par votre établissement',
    closedText: 'Les comptes Oracy sont créés par votre établissement. Demandez le vôtre à un enseignant ou au secrétariat.',
    backToSignIn: 'Retour à la connexion',
    choosePassword: 'Choisissez un nouveau mot de passe',
    oneTimeLead: 'Vous vous êtes connecté avec un mot de passe à usage unique. Choisissez votre propre mot de passe pour continuer\u00a0; le mot de passe à usage unique cessera alors de fonctionner.',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmez le nouveau mot de passe',
    savePassword: 'Enregistrer le mot de passe',
    privacyLink: 'Comment Oracy utilise vos données',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** A key of the pages' words. */
export type PageTextKey = keyof (typeof PAGE_TEXTS)['English'];

/** The page word `key` in `language`, with `{name}` filled from `values`. */
export function pageText(language: Language, key: PageTextKey, values: Record<string, string | number> = {}): string {
  return fillText(PAGE_TEXTS[language][key], values);
}

/** `text` with each `{name}` replaced by `values[name]`; a name without a value stays as it is. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The `<html lang>` of each language. */
export const HTML_LANG: Readonly<Record<Language, string>> = { English: 'en', Spanish: 'es', French: 'fr' };

/** The locale of each language for dates and numbers (English keeps the en-GB forms, docs/product.md#language). */
export const LOCALES: Readonly<Record<Language, string>> = { English: 'en-GB', Spanish: 'es', French: 'fr' };

/**
 * The messages the sign-in routes put on the pages, as the routes write them (English) and
 * translated. A `{n}` stands for a number and `{minutes}` for a waiting time, matched in the
 * English text and carried over.
 */
const MESSAGES: ReadonlyArray<Readonly<Record<Language, string>>> = [
  { English: 'Enter your email and password.', Spanish: 'Escribe tu correo electrónico y tu contraseña.', French: 'Saisissez votre adresse e-mail et votre mot de passe.' },
  { English: 'Invalid email or password', Spanish: 'Correo electrónico o contraseña incorrectos', French: 'Adresse e-mail ou mot de passe incorrect' },
  { English: 'Please correct the fields below.', Spanish: 'Corrige los campos de abajo.', French: 'Veuillez corriger les champs ci-dessous.' },
  { English: 'An account with this email already exists.', Spanish: 'Ya existe una cuenta con este correo electrónico.', French: 'Un compte existe déjà avec cette adresse e-mail.' },
  {
    English: 'This email address cannot be used to create an account here. Use your school email address, or ask your school for an account.',
    Spanish: 'Este correo electrónico no sirve para crear una cuenta aquí. Usa el correo de tu centro o pide una cuenta a tu centro.',
    French: 'Cette adresse e-mail ne permet pas de créer un compte ici. Utilisez l’adresse de votre établissement, ou demandez un compte à votre établissement.',
  },
  { English: 'This email address cannot be used here.', Spanish: 'Este correo electrónico no se puede usar aquí.', French: 'Cette adresse e-mail ne peut pas être utilisée ici.' },
  { English: 'Enter your email.', Spanish: 'Escribe tu correo electrónico.', French: 'Saisissez votre adresse e-mail.' },
  { English: 'Enter a valid email address.', Spanish: 'Escribe un correo electrónico válido.', French: 'Saisissez une adresse e-mail valide.' },
  { English: 'Enter your password.', Spanish: 'Escribe tu contraseña.', French: 'Saisissez votre mot de passe.' },
  { English: 'Enter a password.', Spanish: 'Escribe una contraseña.', French: 'Saisissez un mot de passe.' },
  { English: 'Enter a new password.', Spanish: 'Escribe una contraseña nueva.', French: 'Saisissez un nouveau mot de passe.' },
  { English: 'Enter the new password again.', Spanish: 'Vuelve a escribir la contraseña nueva.', French: 'Saisissez à nouveau le nouveau mot de passe.' },
  { English: 'Enter your first name.', Spanish: 'Escribe tu nombre.', French: 'Saisissez votre prénom.' },
  { English: 'Enter your last name.', Spanish: 'Escribe tus apellidos.', French: 'Saisissez votre nom.' },
  { English: 'The two passwords do not match.', Spanish: 'Las dos contraseñas no coinciden.', French: 'Les deux mots de passe ne correspondent pas.' },
  {
    English: 'This password is too common. Choose one that is harder to guess.',
    Spanish: 'Esta contraseña es demasiado común. Elige una más difícil de adivinar.',
    French: 'Ce mot de passe est trop courant. Choisissez-en un plus difficile à deviner.',
  },
  { English: 'Choose a password other than your one-time password.', Spanish: 'Elige una contraseña distinta de la de un solo uso.', French: 'Choisissez un mot de passe différent du mot de passe à usage unique.' },
  { English: 'Use at least {n} characters.', Spanish: 'Usa al menos {n} caracteres.', French: 'Utilisez au moins {n}\u00a0caractères.' },
  { English: 'Use at most {n} characters.', Spanish: 'Usa como máximo {n} caracteres.', French: 'Utilisez au plus {n}\u00a0caractères.' },
  {
    English: 'Too many sign-in attempts. Please wait {minutes} and try again.',
    Spanish: 'Demasiados intentos de inicio de sesión. Espera {minutes} y vuelve a intentarlo.',
    French: 'Trop de tentatives de connexion. Veuillez patienter {minutes} puis réessayer.',
  },
  {
    English: 'Too many accounts created from your network. Please wait {minutes} and try again.',
    Spanish: 'Se han creado demasiadas cuentas desde tu red. Espera {minutes} y vuelve a intentarlo.',
    French: 'Trop de comptes ont été créés depuis votre réseau. Veuillez patienter {minutes} puis réessayer.',
  },
];

/** "1 minute" / "5 minutes" as the rate limits write them, in each language. */
const MINUTES: Record<Language, (n: number) => string> = {
  English: (n) => (n === 1 ? '1 minute' : `${n} minutes`),
  Spanish: (n) => (n === 1 ? '1 minuto' : `${n} minutos`),
  French: (n) => (n === 1 ? '1\u00a0minute' : `${n}\u00a0minutes`),
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each message's English text as a pattern: `{n}` a number, `{minutes}` "1 minute" or "N minutes". */
const PATTERNS = MESSAGES.map((message) => ({
  message,
  pattern: new RegExp(
    `^${escapeRegExp(message.English)
      .replace('\\{n\\}', '(?<n>\\d+)')
      .replace('\\{minutes\\}', '(?<minutes>\\d+) minutes?')}$`,
  ),
}));

/**
 * A message of the sign-in routes in `language`: the translation of a known English message
 * (numbers and waiting times carried over), else the message as it is.
 */
export function translateMessage(language: Language, message: string): string {
  if (language === 'English') return message;
  for (const { message: texts, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const { n, minutes } = match.groups ?? {};
    return texts[language].replace('{n}', n ?? '').replace('{minutes}', minutes ? MINUTES[language](Number(minutes)) : '');
  }
  return message;
}

/**
 * The cookie in which the PWA keeps the language the device last showed, as a code `en`, `es` or
 * `fr` (docs/product.md#language; written by `pwa/src/i18n/index.ts`, whose `LANGUAGE_COOKIE` has
 * the same name). Not sent back by the server: the sign-in pages only read it.
 */
export const LANGUAGE_COOKIE = 'oracy_language';

const DEVICE_LANGUAGES: Record<string, Language> = { en: 'English', es: 'Spanish', fr: 'French' };

/**
 * The language a sign-in page is shown in (docs/product.md#language): the signed-in user's own
 * choice when there is one; else the one the app last showed on this device ({@link LANGUAGE_COOKIE}:
 * the user's choice, or the school's language, when they last used it); else the school's. The
 * browser's `Accept-Language` is not consulted: like the app, the pages speak the school's
 * language until someone chooses another.
 */
export async function pageLanguage(c: Context, user?: { language?: string | null } | null): Promise<Language> {
  if (user?.language && user.language in PAGE_TEXTS) return user.language as Language;
  const device = getCookie(c, LANGUAGE_COOKIE);
  if (device && Object.hasOwn(DEVICE_LANGUAGES, device)) return DEVICE_LANGUAGES[device]!;
  return readSchoolLanguage();
}
