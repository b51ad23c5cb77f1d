import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerAllModels } from '../platform/db/allModels.js';
import { renderPersonalDataPage } from './docPage.js';

/**
 * Writes `docs/personal-data.md` from the privacy register (`docPage.ts`). Run after changing the
 * register: `api/node_modules/.bin/tsx api/src/privacy/writeDocPage.ts`.
 */
const target = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'personal-data.md');
await registerAllModels();
writeFileSync(target, renderPersonalDataPage());
console.log(`Wrote ${target}`);
