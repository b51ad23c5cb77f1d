import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import { LANGUAGE_CODES, t } from './index.js';

const CATALOGUES: Record<string, Record<string, string>> = { en, es, fr };

/** The argument names a message uses (`{minutes, plural, …}` → `minutes`), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

/** Every `.ts` source of the server, tests excluded, as one text. */
function serverSource(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test' ? '' : serverSource(path);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe("the server's catalogues (docs/contributing.md#texts-and-languages)", () => {
  it('there is one catalogue per language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(Object.values(LANGUAGE_CODES).sort());
  });

  for (const language of ['en', 'es', 'fr']) {
    it(`${language} keeps its keys in alphabetical order`, () => {
      const keys = Object.keys(CATALOGUES[language]!);
      expect(keys).toEqual([...keys].sort());
    });
  }

  for (const language of ['es', 'fr']) {
    it(`${language} has exactly the keys of en`, () => {
      const keys = Object.keys(CATALOGUES[language]!);
      expect(Object.keys(en).filter((key) => !keys.includes(key))).toEqual([]);
      expect(keys.filter((key) => !(key in en))).toEqual([]);
    });

    it(`${language} uses the same arguments as en in every message`, () => {
      const differing = Object.entries(en).flatMap(([key, english]) => {
        const translated = CATALOGUES[language]![key];
        if (translated === undefined) return [];
        const want = [...argumentsOf(parse(english))].sort().join(',');
        const got = [...argumentsOf(parse(translated))].sort().join(',');
        return want === got ? [] : [`${key}: {${want}} ≠ {${got}}`];
      });
      expect(differing).toEqual([]);
    });

    it(`${language} is translated: no message is left empty`, () => {
      expect(
        Object.entries(CATALOGUES[language]!)
          .filter(([, text]) => text.trim() === '')
          .map(([key]) => key),
      ).toEqual([]);
    });
  }

  it('every message is valid ICU in every language', () => {
    const broken: string[] = [];
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, text] of Object.entries(catalogue)) {
        try {
          parse(text);
        } catch (error) {
          broken.push(`${language} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every key is used by the server (a key built at run time is named by its template: `page.${key}`)', () => {
    const source = serverSource(join(__dirname, '..', '..'));
    const templates = [...source.matchAll(/`([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)*\.\$\{[^`]*)`/g)].map(
      (m) =>
        new RegExp(
          `^${m[1]!
            .split(/(\$\{[^}]*\})/)
            .map((part) => (part.startsWith('${') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('')}$`,
        ),
    );
    const unused = Object.keys(en).filter((key) => !source.includes(`'${key}'`) && !source.includes(`"${key}"`) && !templates.some((template) => template.test(key)));
    expect(unused).toEqual([]);
  });

  it('formats ICU arguments and plurals with FormatJS', () => {
    expect(t('English', 'field.tooShort', { min: 10 })).toBe('Use at least 10 characters.');
    expect(t('French', 'field.tooLong', { max: 1024 })).toBe('Utilisez au plus 1024\u00a0caractères.');
    expect(t('English', 'error.tooManySignIns', { minutes: 1 })).toBe('Too many sign-in attempts. Please wait 1 minute and try again.');
    expect(t('Spanish', 'error.tooManySignIns', { minutes: 1 })).toBe('Demasiados intentos de inicio de sesión. Espera 1 minuto y vuelve a intentarlo.');
    expect(t('French', 'error.tooManyAccounts', { minutes: 12 })).toBe('Trop de comptes ont été créés depuis votre réseau. Veuillez patienter 12\u00a0minutes puis réessayer.');
  });
});
