#!/usr/bin/env node
// `npm run lint` and the Lint stage of `npm test` (docs/contributing.md#lint-format-and-architecture-rules):
// ESLint (type-checked, cached under .cache/eslint/), dependency-cruiser's architecture rules, knip's
// unused files, exports and dependencies, and Prettier's check. Runs all four, prints each one's
// findings, and exits non-zero when any has one.
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/** [name, command, arguments] of each check, in the order they run. */
export const LINT_CHECKS = [
  ['ESLint', bin('eslint'), ['--cache', '--cache-location', '.cache/eslint/', '--max-warnings', '0', '.']],
  ['dependency-cruiser', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'api/src', 'pwa/src', 'e2e', 'scripts']],
  ['knip', bin('knip'), ['--no-progress']],
  ['Prettier', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
];

/**
 * Runs every check with its output inherited.
 * @returns the names of the checks that failed, with their exit codes
 */
export function runLint() {
  const failed = [];
  for (const [name, cmd, args] of LINT_CHECKS) {
    const started = Date.now();
    console.log(`-- ${name}`);
    const code = run(cmd, args);
    console.log(`   ${name}: ${code === 0 ? 'no findings' : `findings (exit code ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (code !== 0) failed.push({ name, code });
  }
  return failed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const failed = runLint();
  process.exit(failed.length === 0 ? 0 : 1);
}
