import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './index';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';

const CATALOGUES: Record<string, Record<string, string>> = { en, es, fr };

/** The argument names a message uses (`{count, plural, …}` → `count`), nested ones included. */
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

/** Every `.ts`/`.tsx` source of the app, tests excluded, as one text. */
function appSource(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test' ? '' : appSource(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('the catalogues (docs/contributing.md#texts-and-languages)', () => {
  it('there is one catalogue per language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

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

  it('every key is used by the app (a key built at run time is named by its template: `statement.${key}`, `admin.${kind}.empty`)', () => {
    const source = appSource(join(__dirname, '..', '..'));
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
});
