import { Schema, model } from 'mongoose';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';
import { ORACY_LEVELS } from '../people/userModel.js';

/**
 * Statement keys of the self-assessment by category (docs/product.md#assessment-records),
 * in the order the page shows them.
 */
export const ASSESSMENT_CATEGORIES = {
  'Linguistic (Professional Language)': ['professionalVocab', 'audienceLanguage', 'explainClearly', 'supportWithExamples'],
  'Cognitive (Critical & Purposeful)': ['structuredThought', 'handleQuestions', 'avoidRambling', 'summariseIdeas'],
  'Social & Emotional': ['confidentSpeaking', 'activeListening', 'groupLeadership', 'rapportBuilding'],
  'Physical (Voice & Body Language)': ['voiceAdjustment', 'postureGestures', 'eyeContact', 'toneVariation'],
} as const;

/** All 16 statement keys. */
export const ASSESSMENT_KEYS = Object.values(ASSESSMENT_CATEGORIES).flat() as readonly string[];

/**
 * One self-assessment submission (docs/product.md#derived-and-stored-data: every submission is kept):
 * the user, the 16 scores (integers 1–5), their mean and the level it gave.
 */
const assessmentSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    scores: { type: Map, of: Number, required: true },
    /** mean of the 16 scores, 1–5 */
    mean: { type: Number, required: true },
    level: { type: String, enum: ORACY_LEVELS, required: true },
  },
  baseSchemaOptions,
);
// a user's latest submission is found by this index, _id breaking ties as the query's sort does.
assessmentSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// The student stats cache (dashboards/stats.ts) is emptied by every write here.
watchWrites(assessmentSchema, 'Assessment');

export const Assessment = model('Assessment', assessmentSchema);
