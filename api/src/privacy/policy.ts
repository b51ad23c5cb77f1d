import type { Types } from 'mongoose';
import { ROLES, type Reader } from '../auth/roles.js';

/**
 * Privacy's "who may" rules (docs/architecture.md#authorization, docs/product.md#download-my-data): an
 * export archive is for the person whose data it holds and for admins. Anyone else is answered as
 * if it did not exist (404), so an export's id tells nothing.
 */

/** True when `user` may download the export of `exportDoc.subjectId`'s data. */
export function mayDownloadExport(user: Reader, exportDoc: { subjectId: Types.ObjectId }): boolean {
  return user.role === ROLES.admin || String(exportDoc.subjectId) === String(user._id);
}
