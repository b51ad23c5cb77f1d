import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/**
 * A server-side sign-in session (docs/product.md#sign-in-site). Only the SHA-256 of the
 * cookie's random token is stored, so a leaked database does not leak live
 * sessions. `expiresAt` carries a TTL index on MongoDB; on the embedded
 * FerretDB (no TTL support) expired sessions are swept periodically and are
 * always refused on read.
 */
const sessionSchema = new Schema(
  {
    /** hex SHA-256 of the cookie token */
    tokenHash: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    lastSeenAt: { type: Date, required: true, default: () => new Date() },
    expiresAt: { type: Date, required: true },
    userAgent: { type: String, default: '', maxlength: 512 },
  },
  baseSchemaOptions,
);
sessionSchema.index({ tokenHash: 1 }, { unique: true });
sessionSchema.index({ userId: 1 });
sessionSchema.index({ expiresAt: 1 });
// The session cache (auth/sessions.ts) is emptied by every write here.
watchWrites(sessionSchema, 'Session');

export const Session = model('Session', sessionSchema);
