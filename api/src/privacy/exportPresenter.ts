import type { Types } from 'mongoose';
import { z } from 'zod';
import { PRIVACY_EXPORT_STATUSES, type PrivacyExportStatus } from './exportModel.js';
import { objectId, timestamp } from '../platform/http/fields.js';

/** One export of "Download my data" as the "Your data" card lists it (docs/product.md#download-my-data). */
export const privacyExportJsonSchema = z
  .object({
    id: objectId(),
    /** `pending` while it is made, then `ready` (downloadable) or `failed` */
    status: z.enum(PRIVACY_EXPORT_STATUSES),
    createdAt: timestamp(),
    /** when it is deleted: 7 days after `createdAt` */
    expiresAt: timestamp(),
    /** the archive's size in bytes; null until ready */
    size: z.number().nullable().meta({ description: 'bytes; null until ready' }),
  })
  .meta({ id: 'PrivacyExport' });
/** One export: see {@link privacyExportJsonSchema}. */
export type PrivacyExportJson = z.infer<typeof privacyExportJsonSchema>;

/** `POST /api/privacy/exports` → 202: the export that was started. */
export const privacyExportStartedJsonSchema = z.object({ id: objectId(), status: z.literal('pending') }).meta({ id: 'PrivacyExportStarted' });
/** See {@link privacyExportStartedJsonSchema}. */
export type PrivacyExportStartedJson = z.infer<typeof privacyExportStartedJsonSchema>;

/** The fields `presentPrivacyExport` reads. */
export interface PrivacyExportLike {
  _id: Types.ObjectId | string;
  status: PrivacyExportStatus;
  createdAt: Date;
  expiresAt: Date;
  size?: number | null;
}

/** Presents an export; `size` only once it is ready. */
export function presentPrivacyExport(doc: PrivacyExportLike): PrivacyExportJson {
  return {
    id: String(doc._id),
    status: doc.status,
    createdAt: doc.createdAt.toISOString(),
    expiresAt: doc.expiresAt.toISOString(),
    size: doc.status === 'ready' ? (doc.size ?? null) : null,
  };
}
