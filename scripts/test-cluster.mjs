#!/usr/bin/env node
// `npm run test:cluster`: two API processes on one database and one
// Redis (scripts/cluster.mjs). Ends with "N passed, N failed" and a non-zero
// exit code on any failure.
import { runClusterTests } from './cluster.mjs';

console.log('\n== Two API processes, one database, one Redis ==');
const { code, passed, failed } = runClusterTests();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(code || (failed > 0 ? 1 : 0));
