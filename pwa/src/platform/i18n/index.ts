/**
 * The PWA's languages (docs/product.md#language, docs/decisions/0025-languages-with-formatjs.md):
 * one ICU message catalogue per language in `./messages/` (`en.json` holds the specification's
 * English texts word for word; `es.json` and `fr.json` the same keys), formatted with FormatJS
 * (`@formatjs/intl`). Only the active language's catalogue is downloaded: each is a chunk of
 * its own, fetched by {@link setLanguage}. Production builds ship the catalogues precompiled to
 * ICU syntax trees and leave the message parser out (`vite/precompileMessages.ts`).
 *
 * One instance for the whole app, so that screens, hooks and plain modules (the outbox, the
 * toasts) translate alike; {@link useI18n} re-renders a component when the language changes.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { useSyncExternalStore } from 'react';
import type en from './messages/en.json';

/** The languages Oracy speaks, as BCP 47 codes. */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The school's and users' language setting as the API stores it (docs/product.md#settings). */
export type LanguageName = 'English' | 'Spanish' | 'French';
const CODES: Record<LanguageName, Language> = { English: 'en', Spanish: 'es', French: 'fr' };
const NAMES: Record<Language, LanguageName> = { en: 'English', es: 'Spanish', fr: 'French' };

/**
 * The catalogue keys of the languages' names, for the settings' and the profile's Language selects:
 * the value sent stays the English name (`Spanish`), the label is in the active language ("Español").
 */
export const LANGUAGE_LABELS: Record<LanguageName, MessageId> = {
  English: 'language.name.English',
  Spanish: 'language.name.Spanish',
  French: 'language.name.French',
};

/** The code of a language setting: `'Spanish'` → `'es'`; anything unknown → `'en'`. */
export function languageCode(name: string | null | undefined): Language {
  return (name && CODES[name as LanguageName]) || 'en';
}

/** The setting of a language code: `'es'` → `'Spanish'`. */
export function languageName(code: Language): LanguageName {
  return NAMES[code];
}

/** A key of the catalogues (every key of `en.json`). */
export type MessageId = keyof typeof en;

/** Values for a message's ICU arguments (`{count, plural, …}`, `{name}`, dates). */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** A catalogue: key → ICU message, as text or (production builds) precompiled. */
export type Messages = Record<string, string | MessageFormatElement[]>;

/** Translates `id` in the active language, filling in `values`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** What {@link useI18n} gives a component. */
export interface I18n {
  /** the active language */
  language: Language;
  /** translates a key of the catalogues */
  t: Translate;
  /** FormatJS's formatter in the active language: `formatDate`, `formatNumber`, `formatRelativeTime`, `formatList` … */
  intl: IntlShape<string>;
}

/** Where the device remembers the last language it showed, for the next start (before the user is known). */
export const LANGUAGE_STORAGE_KEY = 'oracy.language';

/**
 * The cookie that tells the server's sign-in pages the language the device last showed
 * (docs/product.md#language; `api/src/auth/pageTexts.ts` reads it under the same name): the
 * language's code, for a year, on every path of this origin.
 */
export const LANGUAGE_COOKIE = 'oracy_language';

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode or full storage: the next start falls back to English
  }
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure}`;
}

const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('./messages/en.json'),
  es: () => import('./messages/es.json'),
  fr: () => import('./messages/fr.json'),
};

/** The locale each language formats dates and numbers in: English as written in the UK ("27 Nov 2026"). */
const FORMAT_LOCALES: Record<Language, string> = { en: 'en-GB', es: 'es', fr: 'fr' };

const cache = createIntlCache();
const catalogues = new Map<Language, Messages>();
const listeners = new Set<() => void>();
let state: I18n | null = null;
let wanted: Language | null = null;

function build(language: Language, messages: Messages): I18n {
  const intl = createIntl<string>(
    {
      locale: FORMAT_LOCALES[language],
      // text or precompiled, FormatJS takes either
      messages: messages as Record<string, string>,
      defaultLocale: 'en-GB',
      onError: (error) => {
        // A missing key or a broken message is a bug the catalogue tests should have caught;
        // the tests fail on it, the product shows the key rather than nothing.
        if (import.meta.env.MODE === 'test') throw error;
        console.warn(`[i18n] ${error.message}`);
      },
    },
    cache,
  );
  const t: Translate = (id, values) => intl.formatMessage({ id }, values as Record<string, string | number | boolean | Date | null | undefined>);
  return { language, t, intl };
}

function activate(language: Language, messages: Messages): void {
  catalogues.set(language, messages);
  state = build(language, messages);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/**
 * Makes `language` active with `messages` at once, without a download: the tests' set-up,
 * and a start whose catalogue is already loaded.
 */
export function installMessages(language: Language, messages: Messages): void {
  wanted = language;
  activate(language, messages);
}

/**
 * Switches the app to `language`: downloads its catalogue unless it is loaded, then re-renders
 * every translated component, sets `<html lang>` and remembers the choice on the device (its
 * storage for the next start, {@link LANGUAGE_COOKIE} for the sign-in pages).
 * A later call wins over an earlier one still downloading.
 * @throws the import's error when the catalogue cannot be fetched (offline and not cached);
 *   the app then stays in its current language.
 */
export async function setLanguage(language: Language): Promise<void> {
  wanted = language;
  rememberLanguage(language);
  if (state?.language === language) return;
  const messages = catalogues.get(language) ?? (await LOADERS[language]()).default;
  if (wanted === language) activate(language, messages);
}

/** The language to start in: the one the device showed last, else English. */
export function startLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  } catch {
    // no storage: English
  }
  return 'en';
}

function current(): I18n {
  if (!state) throw new Error('i18n: no language loaded yet; await setLanguage() before rendering');
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language, its translate function and formatter; re-renders the component when the language changes. */
export function useI18n(): I18n {
  return useSyncExternalStore(subscribe, current, current);
}

/** Translates `id` in the active language, outside React (toasts raised by plain modules, titles). */
export const t: Translate = (id, values) => current().t(id, values);

/** FormatJS's formatter in the active language, outside React. */
export function intl(): IntlShape<string> {
  return current().intl;
}

/** The active language's code. */
export function activeLanguage(): Language {
  return current().language;
}

/** The locale the active language writes dates and numbers in (`en-GB`, `es`, `fr`); `pwa/src/platform/i18n/dates.ts` formats with it. */
export function activeLocale(): string {
  return FORMAT_LOCALES[current().language];
}
