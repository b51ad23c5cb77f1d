import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedMongo } from '../platform/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URI of the embedded server shared by the test run, without a database name. */
    mongoServerUri: string;
  }
}

/**
 * One embedded FerretDB server per test run — each test file gets a fresh
 * database on it (docs/contributing.md#tests-beside-the-code) — or the MongoDB of `TEST_MONGODB_URI`.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_MONGODB_URI) {
    project.provide('mongoServerUri', process.env.TEST_MONGODB_URI.replace(/\/?$/, '/'));
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'oracy-test-db-'));
  const server = await startEmbeddedMongo({ dataDir });
  project.provide('mongoServerUri', server.uri);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
