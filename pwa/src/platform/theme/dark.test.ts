import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');
const THEME = __dirname;

/** Every stylesheet of the screens (outside `theme/`), with its path from `src/`. */
function screenStylesheets(dir: string): { name: string; css: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === THEME ? [] : screenStylesheets(path);
    return entry.name.endsWith('.css') ? [{ name: relative(SRC, path), css: readFileSync(path, 'utf8') }] : [];
  });
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const classNames = (css: string) => new Set([...withoutComments(css).matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));

describe('the dark values of the screens’ colours (theme/dark.css)', () => {
  const dark = readFileSync(join(THEME, 'dark.css'), 'utf8');
  const sheets = screenStylesheets(SRC);

  it('name only classes the screens’ stylesheets still style', () => {
    const styled = new Set(sheets.flatMap((sheet) => [...classNames(sheet.css)]));
    expect([...classNames(dark)].filter((name) => !styled.has(name))).toEqual([]);
  });

  it('start every selector with :root, so that they outrank the screens’ rules in any load order', () => {
    const selectors = [...withoutComments(dark).matchAll(/([^{}]+)\{[^{}]*\}/g)]
      .flatMap((m) => m[1]!.split(','))
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('@media'));
    expect(selectors.filter((s) => !s.startsWith(':root '))).toEqual([]);
  });

  it('name existing stylesheets in their comments', () => {
    const comments = [...dark.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => m[0]).join('\n');
    const named = [...comments.matchAll(/\b([\w/]+\/[\w.]+\.css)\b/g)].map((m) => m[1]!).filter((name) => !name.startsWith('theme/'));
    const missing = named.filter((name) => !sheets.some((sheet) => sheet.name === name));
    expect(missing).toEqual([]);
  });
});
