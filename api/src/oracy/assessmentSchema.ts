import { z } from 'zod';
import { ASSESSMENT_CATEGORIES } from './assessmentModel.js';

/** One of the 16 statement keys of docs/product.md#assessment-records. */
export type AssessmentKey = (typeof ASSESSMENT_CATEGORIES)[keyof typeof ASSESSMENT_CATEGORIES][number];

const SCORE_MESSAGE = 'Must be an integer from 1 to 5.';

/** One answer: an integer 1 (Strongly Disagree) … 5 (Strongly Agree) (docs/product.md#self-assessment, docs/product.md#self-assessment-validation). */
const score = z
  .int({ error: (issue) => (issue.input === undefined ? 'Answer this statement.' : SCORE_MESSAGE) })
  .min(1, { error: SCORE_MESSAGE })
  .max(5, { error: SCORE_MESSAGE });

const keys = Object.values(ASSESSMENT_CATEGORIES).flat() as AssessmentKey[];

/**
 * `POST /api/updateOracyAssessment` (docs/product.md#authentication-and-assessment-calls).
 * The scores object is strict: all 16 keys, no others (docs/product.md#validation-rules: "All 16
 * statements must be answered"). The owner comes from the session, never
 * from the body, so other top-level fields are ignored.
 */
export const updateOracyAssessmentSchema = z.object({
  /** `{statementKey: 1–5}` for exactly the 16 keys of `ASSESSMENT_KEYS`. */
  oracy_scores: z.strictObject(Object.fromEntries(keys.map((key) => [key, score])) as Record<AssessmentKey, typeof score>, {
    error: (issue) => (issue.code === 'invalid_type' ? 'Must be an object of the 16 scores.' : undefined),
  }),
});
