import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Assessment, User } from '../../db/models/index.js';
import type { AppEnv } from '../../auth/context.js';
import { requireAuth } from '../../auth/middleware.js';
import { payloadTooLarge } from '../../errors.js';
import { validate } from '../../validation.js';
import { meanScore, oracyLevelForMean } from '../../services/oracyLevel.js';
import { updateOracyAssessmentSchema } from './schema.js';

/**
 * `POST /api/updateOracyAssessment` (docs/product.md#api, docs/product.md#authorization-matrix, docs/product.md#derived-and-stored-data), mounted
 * at `/api`: any signed-in user (401 otherwise) submits
 * `{oracy_scores: {statementKey: 1–5, …16 keys}}` (400 naming the field
 * otherwise). Every submission is stored against the caller, the mean of the
 * scores sets the caller's `oracyLevel`, and the answer is
 * 201 `{id, oracyLevel, mean}` (`mean` 1–5, unrounded).
 */
export const assessmentRoutes = new Hono<AppEnv>().post(
  '/updateOracyAssessment',
  requireAuth,
  bodyLimit({
    maxSize: 16 * 1024,
    onError: () => {
      throw payloadTooLarge();
    },
  }),
  validate('json', updateOracyAssessmentSchema),
  async (c) => {
    const user = c.var.user;
    const scores = c.req.valid('json').oracy_scores;
    const mean = meanScore(Object.values(scores));
    const oracyLevel = oracyLevelForMean(mean);
    const assessment = await Assessment.create({ userId: user._id, scores, mean, level: oracyLevel });
    await User.updateOne({ _id: user._id }, { $set: { oracyLevel } });
    return c.json({ id: assessment.id as string, oracyLevel, mean }, 201);
  },
);
