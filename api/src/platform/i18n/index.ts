/**
 * The server's texts for people (docs/product.md#language, docs/decisions/0025-languages-with-formatjs.md):
 * one ICU message catalogue per language in `./messages/` (`en.json` holds the product's English
 * word for word; `es.json` and `fr.json` the same keys), formatted with FormatJS (`@formatjs/intl`),
 * the library and the catalogue rules of the PWA (docs/contributing.md#texts-and-languages). The
 * sign-in pages (`auth/pages.ts`) take their words from here, and show the sign-in routes'
 * refusals by message id, never by the English text of the JSON API's `message`.
 */
import { createRequire } from 'node:module';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Language } from '../http/fields.js';
import type en from './messages/en.json';

/** A key of the catalogues (every key of `en.json`). */
export type MessageId = keyof typeof en;

/** Values for a message's ICU arguments (`{min}`, `{minutes, plural, …}`). */
export type MessageValues = Record<string, string | number>;

/** A text not yet put into words: a catalogue key and its values, worded in the reader's language when shown. */
export interface Text {
  id: MessageId;
  values?: MessageValues;
}

/** The BCP 47 code of each language, as the catalogues' file names and `<html lang>` use it. */
export const LANGUAGE_CODES: Readonly<Record<Language, 'en' | 'es' | 'fr'>> = { English: 'en', Spanish: 'es', French: 'fr' };

// Read with `require` so that the running server (Node 20, ES modules) needs no JSON import attributes.
const load = createRequire(import.meta.url);
const CATALOGUES: Readonly<Record<Language, Record<MessageId, string>>> = {
  English: load('./messages/en.json') as Record<MessageId, string>,
  Spanish: load('./messages/es.json') as Record<MessageId, string>,
  French: load('./messages/fr.json') as Record<MessageId, string>,
};

const cache = createIntlCache();
const formatters = new Map<Language, IntlShape<string>>();

/**
 * FormatJS's formatter for `language`, made once and kept: `formatMessage` over that language's
 * catalogue, and the dates and numbers of its locale. A key missing from a catalogue throws
 * (the catalogue test keeps them complete).
 */
export function textsFor(language: Language): IntlShape<string> {
  let intl = formatters.get(language);
  if (!intl) {
    intl = createIntl(
      {
        locale: LANGUAGE_CODES[language],
        defaultLocale: 'en',
        messages: CATALOGUES[language],
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    formatters.set(language, intl);
  }
  return intl;
}

/** The message `id` in `language`, its ICU arguments filled from `values`: `t('French', 'page.signIn')` → "Se connecter". */
export function t(language: Language, id: MessageId, values?: MessageValues): string {
  return textsFor(language).formatMessage({ id }, values);
}

/** Whether `id` is a key of the catalogues, for a key built from a stored value (`export.role.${role}`). */
export function hasMessage(id: string): id is MessageId {
  return Object.hasOwn(CATALOGUES.English, id);
}
