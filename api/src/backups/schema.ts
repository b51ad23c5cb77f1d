import { z } from 'zod';
import { ARCHIVE_NAME_PATTERN } from './backup.js';

/**
 * Path parameters of `GET /api/admin/backups/:name` (docs/product.md#backups-on-the-settings-screen): exactly a name the
 * server gives its archives, `oracy-backup-2026-11-27T03-00-01Z.tar.gz`; anything else — a path,
 * `..`, another extension — is a 400 before the file system is asked.
 */
export const archiveParamsSchema = z.object({
  /** an archive's file name as `GET /api/admin/backups` lists it */
  name: z.string().regex(ARCHIVE_NAME_PATTERN, { error: 'Must be the name of a backup archive, such as oracy-backup-2026-11-27T03-00-01Z.tar.gz.' }),
});
