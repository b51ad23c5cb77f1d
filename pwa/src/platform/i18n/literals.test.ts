import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLiterals } from './literals';

const SRC = join(__dirname, '..', '..');

/** Source files that ship: not tests, fixtures, the catalogues' own code or type declarations. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'i18n' ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name)) return [];
    return [path];
  });
}

/**
 * Files whose texts still have to move to the catalogues. Shrinks to nothing: a file leaves the
 * list when its texts are translated, and the test fails while a listed file has none left.
 */
const PENDING = new Set<string>([]);

describe('texts come from the catalogues', () => {
  const files = sourceFiles(SRC).map((path) => ({ path, name: relative(SRC, path) }));

  it('no screen, dialog or toast shows a literal text (docs/contributing.md#texts-and-languages)', () => {
    const found = files.filter((f) => !PENDING.has(f.name)).flatMap((f) => findLiterals(f.name, readFileSync(f.path, 'utf8')));
    expect(found.map((l) => `${l.file}:${l.line} ${JSON.stringify(l.text)}`)).toEqual([]);
  });

  it('the list of files still to translate only names files that have texts left', () => {
    const done = [...PENDING].filter((name) => {
      const file = files.find((f) => f.name === name);
      return !file || findLiterals(name, readFileSync(file.path, 'utf8')).length === 0;
    });
    expect(done).toEqual([]);
  });
});

describe('findLiterals', () => {
  it('finds JSX text, text attributes, literal children and toast messages', () => {
    const source = ['export const A = () => <p title="Hello">Hi there {"again"} <span aria-label={`Edit ${x}`} /></p>;', "present({ message: 'Settings saved', duration: 2000 });"].join(
      '\n',
    );
    expect(findLiterals('a.tsx', source).map((l) => l.text)).toEqual(['Hello', 'Hi there', 'again', 'Edit', 'Settings saved']);
  });

  it('leaves keys, class names, values and exempted lines alone', () => {
    const source = [
      'export const A = () => <p className="card" title={t(\'route.profile\')} role="status">{t(\'app.name\')} · {42}</p>;',
      "const r = { title: 'route.profile', color: 'danger' };",
      '// i18n-exempt: the product name in the logo',
      'export const B = () => <b>Oracy</b>;',
    ].join('\n');
    expect(findLiterals('a.tsx', source)).toEqual([]);
  });

  it('finds prose wherever it is written, but not headers, class lists or developer messages', () => {
    const source = [
      "const FAILED = 'Failed to save settings';",
      "const when = ago < 60 ? 'just now' : other;",
      "headers.set('Content-Type', 'application/json');",
      "const cls = own ? 'chat-message chat-message--own' : 'chat-message';",
      "throw new Error('no language loaded yet');",
      "console.warn('something went wrong here');",
    ].join('\n');
    expect(findLiterals('a.ts', source).map((l) => l.text)).toEqual(['Failed to save settings', 'just now']);
  });
});
