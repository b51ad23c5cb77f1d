/**
 * The message catalogues precompiled at build time (docs/decisions/0025-languages-with-formatjs.md):
 * each `src/platform/i18n/messages/<language>.json` is turned from ICU text into FormatJS's syntax trees,
 * and `@formatjs/icu-messageformat-parser` is replaced by its parser-less entry, so the app
 * ships no message parser (FormatJS's "precompile" setup). A message that does not parse
 * fails the build with its key. The dev server and the tests keep the text catalogues and
 * the full parser (`apply: 'build'`).
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]platform[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json$/;

/** The plugin: see the module's comment. */
export function precompileMessages(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'oracy:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: require.resolve('@formatjs/icu-messageformat-parser/no-parser.js') }],
      },
    }),
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(messages)) {
        try {
          compiled[key] = parse(text);
        } catch (error) {
          this.error(`${id}: the message "${key}" is not valid ICU: ${(error as Error).message}`);
        }
      }
      // still JSON, so Vite's own JSON plugin turns it into a module as before
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
