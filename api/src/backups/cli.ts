import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getEnv } from '../platform/env.js';
import { usePrivateUmask } from '../platform/security/dataDirModes.js';
import { documentCount, formatBytes, type DatabaseReport } from './archive.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/**
 * `npm run backup` and `npm run restore` (docs/architecture.md#backups, README "Backups"):
 *
 * - `cli.ts backup [--out FILE]` → `createBackup` into FILE, default `DATA_DIR/backups/oracy-backup-<UTC time>.tar.gz`;
 * - `cli.ts restore FILE [--force]` → `restoreBackup` into `DATA_DIR`.
 *
 * `DATA_DIR` and `MONGODB_URI` are read as the server reads them (api/src/platform/env.ts). Relative paths are
 * taken from the folder `npm run` was called in (`INIT_CWD`), not the repository root npm runs in.
 * Exit code 0 on success, 1 on failure (the reason on stderr), 2 for a wrong command line.
 */

const USAGE = 'Usage: npm run backup [-- --out FILE]\n       npm run restore -- FILE [--force]';

/** The README section both commands point to. */
const README_BACKUPS = 'README.md, section "Backups"';

/** An absolute path for a path given on the command line, relative to where `npm run` was called. */
function fromCaller(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** One line per database: its documents in how many collections. */
function describeDatabase(report: DatabaseReport): string {
  const collections = report.databases.reduce((sum, db) => sum + Object.keys(db.collections).length, 0);
  return `${documentCount(report)} documents in ${collections} collections (FerretDB ${report.ferretdb || 'unknown'}, SQLite ${report.sqlite}, integrity check ok)`;
}

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  // What a backup or restore writes under DATA_DIR is private, as the server's files are (docs/architecture.md#private-files).
  usePrivateUmask();
  const [command, ...rest] = process.argv.slice(2);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { out: { type: 'string' }, force: { type: 'boolean' } },
    });
  } catch (err) {
    usage(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;

  const env = getEnv();
  if (env.MONGODB_URI) {
    console.error(
      `MONGODB_URI is set: npm run ${command ?? 'backup'} handles only the embedded database (DATA_DIR/db) and its uploads.\n` +
        `Back up a MongoDB server with mongodump and mongorestore, as ${README_BACKUPS} explains.`,
    );
    process.exit(1);
  }

  if (command === 'backup') {
    if (positionals.length > 0 || values.force) usage('backup takes only --out FILE.');
    try {
      const result = await createBackup({ dataDir: env.DATA_DIR, ...(values.out ? { out: fromCaller(values.out) } : {}), log: (line) => console.log(line) });
      console.log(
        `Backup written: ${result.file} (${formatBytes(result.bytes)})\n` +
          `  database: ${describeDatabase(result.manifest.database)}\n` +
          `  uploads:  ${result.manifest.uploads.files} files, ${formatBytes(result.manifest.uploads.bytes)}\n` +
          `Restore it with: npm run restore -- ${result.file}`,
      );
    } catch (err) {
      console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
    return;
  }

  if (command === 'restore') {
    if (positionals.length !== 1 || values.out) usage('restore takes one archive and, optionally, --force.');
    const file = fromCaller(positionals[0] as string);
    try {
      const result = await restoreBackup({ dataDir: env.DATA_DIR, file, force: values.force ?? false, log: (line) => console.log(line) });
      console.log(
        `Restored ${file} (made ${result.manifest.createdAt}) into ${env.DATA_DIR}${result.replaced ? ', replacing its database and uploads' : ''}\n` +
          `  database: ${describeDatabase(result.database)}\n` +
          `  uploads:  ${result.manifest.uploads.files} files, ${formatBytes(result.manifest.uploads.bytes)}\n` +
          'Start Oracy (npm start) to use it.',
      );
    } catch (err) {
      console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
    return;
  }

  usage(command ? `Unknown command ${command}.` : 'Name a command.');
}

void main();
