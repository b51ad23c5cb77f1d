import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPersonalDataPage } from './docPage.js';
import { PRIVACY_REGISTER } from './register.js';

const page = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'personal-data.md');

describe('docs/personal-data.md', () => {
  it('is what the privacy register renders (after a change: api/node_modules/.bin/tsx api/src/privacy/writeDocPage.ts)', () => {
    expect(readFileSync(page, 'utf8')).toBe(renderPersonalDataPage());
  });

  it('has a row and a section for every collection of the register', () => {
    const text = readFileSync(page, 'utf8');
    for (const entry of PRIVACY_REGISTER) {
      expect(text).toContain(`### ${entry.label}\n`);
      expect(text).toContain(`Model \`${entry.model}\``);
    }
  });
});
