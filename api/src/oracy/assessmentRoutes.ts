import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Assessment } from './assessmentModel.js';
import { User } from '../people/userModel.js';
import type { AppEnv } from '../auth/context.js';
import { requireAuth } from '../auth/middleware.js';
import { payloadTooLarge } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { meanScore, oracyLevelForMean } from './level.js';
import { changeBetween } from './profile.js';
import { NEWEST_FIRST, refreshOracySummary } from './summary.js';
import { assessmentResultJsonSchema, presentSnapshot } from './presenter.js';
import { updateOracyAssessmentSchema } from './assessmentSchema.js';
import { describe, json, NOT_JSON, TOO_LARGE } from '../platform/http/describe.js';

/** Mounted at `/api`; the calls and their rules: docs/product.md#api (the reference: `/api/docs`). */
export const assessmentRoutes = new Hono<AppEnv>().post(
  '/updateOracyAssessment',
  describe({
    summary: 'Submit a self-assessment',
    tag: 'Assessment',
    description: "Stores the 16 scores (1–5) against the caller and sets the caller's oracy level from their mean (docs/product.md#self-assessment-flow).",
    success: { status: 201, answer: json('Stored; the level and mean of this submission.', assessmentResultJsonSchema) },
    errors: { 413: TOO_LARGE, 415: NOT_JSON },
  }),
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
    const summary = await refreshOracySummary(user._id);
    // Usually this submission is the latest; when another arrived meanwhile, its predecessor is read.
    const previous =
      summary.latest?.assessmentId.toString() === assessment.id
        ? summary.previous
        : await Assessment.findOne({ userId: user._id, _id: { $ne: assessment._id }, createdAt: { $lte: assessment.createdAt } })
            .sort(NEWEST_FIRST)
            .select('mean')
            .lean();
    const snapshot = presentSnapshot({ _id: assessment._id, createdAt: assessment.createdAt, mean, level: oracyLevel, scores });
    return c.json({ id: assessment.id as string, oracyLevel, mean, snapshot, change: changeBetween(snapshot, previous) }, 201);
  },
);
