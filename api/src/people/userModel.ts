import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { ROLE_VALUES } from '../auth/roles.js';
import { SCHOOL_LANGUAGES } from '../settings/model.js';
import { watchWrites } from '../platform/db/writes.js';

/** Oracy levels of docs/product.md#derived-and-stored-data, lowest first. */
export const ORACY_LEVELS = ['Beginner', 'Developing', 'Proficient', 'Advanced'] as const;
export type OracyLevel = (typeof ORACY_LEVELS)[number];

/** Four strand scores (docs/product.md#oracy-profile), 1–5 with two decimals. */
const strandsSchema = new Schema(
  {
    linguistic: { type: Number, required: true },
    cognitive: { type: Number, required: true },
    socialEmotional: { type: Number, required: true },
    physical: { type: Number, required: true },
  },
  { _id: false },
);

/** What a user's Oracy summary keeps of one self-assessment submission (`oracy/summary.ts`). */
const submissionSummarySchema = new Schema(
  {
    assessmentId: { type: Schema.Types.ObjectId, ref: 'Assessment', required: true },
    submittedAt: { type: Date, required: true },
    /** mean of the 16 scores, two decimals */
    mean: { type: Number, required: true },
    level: { type: String, enum: ORACY_LEVELS, required: true },
    strands: { type: strandsSchema, required: true },
  },
  { _id: false },
);

/**
 * Every person: admins (1), teachers (2) and students (3) in one collection
 * (docs/product.md#identity-on-the-device). `name` is derived from first and last name so that lists can
 * search and sort on one field (docs/product.md#clarified-behaviour).
 */
const userSchema = new Schema(
  {
    firstName: { type: String, required: true, trim: true, maxlength: 100 },
    lastName: { type: String, required: true, trim: true, maxlength: 100 },
    /** `firstName lastName`, kept in step by the pre-validate hook. */
    name: { type: String, required: true, trim: true, maxlength: 201 },
    /** Lower-cased, unique. */
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
    /** argon2id PHC string; never leaves the API. */
    passwordHash: { type: String, required: true },
    role: { type: Number, required: true, enum: ROLE_VALUES, default: 3 },
    /**
     * True while `passwordHash` is of a one-time password an admin was shown (a new account or a
     * reset): every `/api` call answers 403 `password_change_required` until the user has chosen
     * their own (docs/product.md#one-time-passwords). Absent on older users: false.
     */
    mustChangePassword: { type: Boolean, default: false },
    /** Students only; updated from the latest self-assessment (docs/product.md#derived-and-stored-data). */
    oracyLevel: { type: String, enum: ORACY_LEVELS, default: 'Beginner' },
    /**
     * The latest and the previous self-assessment, kept in step with every
     * submission so that an overview of many students reads them with the
     * users themselves (docs/product.md#oracy-profile, docs/decisions/0015-oracy-summary-on-the-user.md).
     * Absent only on users stored before the summary existed, until the start-up backfill.
     */
    oracy: {
      type: new Schema(
        {
          latest: { type: submissionSummarySchema, default: null },
          previous: { type: submissionSummarySchema, default: null },
        },
        { _id: false },
      ),
      default: () => ({ latest: null, previous: null }),
    },
    /** Path or URL of an avatar image, or null for the placeholder. */
    profilePicture: { type: String, default: null },
    /**
     * The key, in the public upload store, of the photo the user chose on their profile
     * (docs/product.md#edit-profile); `profilePicture` is then `/uploads/{photo}`. Null without one.
     */
    photo: { type: String, default: null },
    /**
     * The language the user chose on their profile (English, Spanish or French), or null to follow
     * the school's (docs/product.md#language).
     */
    language: { type: String, enum: [...SCHOOL_LANGUAGES, null], default: null },
  },
  baseSchemaOptions,
);

userSchema.pre('validate', function (this: { firstName?: string; lastName?: string; name: string }) {
  this.name = `${this.firstName ?? ''} ${this.lastName ?? ''}`.trim();
});
userSchema.index({ email: 1 }, { unique: true });
// the lists sort by name then _id — for everyone, and per role — so both sorts walk an index.
userSchema.index({ role: 1, name: 1, _id: 1 });
userSchema.index({ name: 1, _id: 1 });
// the admin's activity chart reads the users created in the last six months (people/service.ts).
userSchema.index({ createdAt: 1 });

// The session cache (auth/sessions.ts) holds users too: every write here empties it.
watchWrites(userSchema, 'User');
export const User = model('User', userSchema);
