import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The API's sources (api/src, or api/dist once compiled). */
const SRC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A concept's model file: `model.ts` or `<name>Model.ts` (`.js` once compiled), docs/architecture.md#concept-folders. */
const MODEL_FILE = /(^|[\\/])(model|\w+Model)\.(ts|js)$/;

/**
 * Registers every Mongoose model of the API by importing each concept's model files, for code
 * that reads models by name without loading the app: the privacy register's page
 * (`privacy/writeDocPage.ts`) and the tests' set-up. The app itself loads them through its routes.
 * @returns the model files imported, as absolute paths
 */
export async function registerAllModels(): Promise<string[]> {
  const files = (readdirSync(SRC_DIR, { recursive: true }) as string[])
    .filter((file) => MODEL_FILE.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(SRC_DIR, file))
    .sort();
  for (const file of files) await import(pathToFileURL(file).href);
  return files;
}
