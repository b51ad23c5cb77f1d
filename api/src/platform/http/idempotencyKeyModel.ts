import { Schema, model } from 'mongoose';

/**
 * One `Idempotency-Key` a user sent with a create request (the complaint
 * outbox, docs/contributing.md#the-outbox): the unique index on
 * `{userId, key}` lets exactly one request with a key run; the others wait
 * for its stored answer and repeat it. Kept at least 7 days
 * (`platform/http/idempotency.ts` sweeps older ones; FerretDB has no TTL index).
 */
const idempotencyKeySchema = new Schema(
  {
    /** the signed-in user who sent the key */
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the client's key, 8–100 characters */
    key: { type: String, required: true, maxlength: 100 },
    /** SHA-256 (hex) of the method, path and canonical JSON body: a repeat must match it */
    fingerprint: { type: String, required: true },
    /** `pending` while the first request runs, `done` once its answer is stored */
    state: { type: String, required: true, enum: ['pending', 'done'] },
    /** the stored answer's HTTP status (2xx only) */
    status: { type: Number, default: null },
    /** the stored answer's body, as sent */
    body: { type: String, default: null },
    /** the stored answer's Content-Type */
    contentType: { type: String, default: null },
  },
  { timestamps: true, versionKey: false },
);
idempotencyKeySchema.index({ userId: 1, key: 1 }, { unique: true });
idempotencyKeySchema.index({ createdAt: 1 });

export const IdempotencyKey = model('IdempotencyKey', idempotencyKeySchema);
