import { Schema, Types, model } from 'mongoose';

/** An export's state: `pending` while its job builds the archive, then `ready` or `failed`. */
export const PRIVACY_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
/** One of {@link PRIVACY_EXPORT_STATUSES}. */
export type PrivacyExportStatus = (typeof PRIVACY_EXPORT_STATUSES)[number];

/**
 * One "Download my data" export (docs/product.md#download-my-data,
 * docs/decisions/0028-exports-of-personal-data.md): a ZIP of everything Oracy holds of one person,
 * built by the job `privacy.export` and kept 7 days in the export store (`DATA_DIR/exports/` or
 * the GridFS bucket `privacyExports`). The unique `{subjectId, day}` keeps one export a day per
 * person even when two requests race; a failed export gives its day back.
 */
const privacyExportSchema = new Schema(
  {
    /** whose data it holds */
    subjectId: { type: Types.ObjectId, ref: 'User', required: true },
    /** who asked for it: the person themself or an admin; null once that admin's account is gone */
    requestedBy: { type: Types.ObjectId, ref: 'User', default: null },
    status: { type: String, enum: PRIVACY_EXPORT_STATUSES, required: true, default: 'pending' },
    createdAt: { type: Date, required: true },
    /** 7 days after `createdAt`: then it is no longer listed or served, and the sweep removes it */
    expiresAt: { type: Date, required: true },
    /** the archive's size in bytes once ready */
    size: { type: Number, default: null, min: 0 },
    /** the archive's key in the export store once ready, `export-<24 hex>.zip` */
    file: { type: String, default: null },
    /** why it failed, a sentence; null unless failed */
    error: { type: String, default: null },
    /** the UTC day of `createdAt` (`2026-11-27`), or `failed:<id>` once failed: the unique guard of one export a day */
    day: { type: String, required: true },
  },
  { timestamps: false, versionKey: false },
);
privacyExportSchema.index({ subjectId: 1, day: 1 }, { unique: true });
privacyExportSchema.index({ subjectId: 1, createdAt: -1 });
privacyExportSchema.index({ expiresAt: 1 });

export const PrivacyExport = model('PrivacyExport', privacyExportSchema);
