import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';
import { SPEAKING_STRANDS } from '../speaking/model.js';
import { PEER_FEEDBACK_STATUSES, PEER_MODES, PEER_STEMS } from './model.js';

/** An ObjectId in a path or body. */
const objectIdField = () => z.string({ error: 'Must be a valid id.' }).regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' });

/** `PUT /api/teacher/speaking-tasks/:taskId/peers`: the task's talk-partner settings (docs/product.md#talk-partners). */
export const peerSettingsSchema = z.object({
  /** `off` (nobody), `class` (every classmate) or `partners` (the student's group) */
  peerFeedback: z.enum(PEER_MODES, { error: 'Must be off, class or partners.' }),
  /** whether classmates see each other's names; false when left out */
  showNames: z.boolean({ error: 'Must be true or false.' }).default(false),
});

/** Most groups a task may have: a class of 600 in pairs. */
const MAX_GROUPS = 300;

/** `PUT /api/teacher/speaking-tasks/:taskId/partners`: groups of 2–3 student ids, each student at most once (enrolment is checked per call). */
export const partnerGroupsSchema = z.object({
  groups: z
    .array(
      z.array(objectIdField(), { error: 'Each group must be a list of student ids.' }).min(2, { error: 'A group has 2 or 3 students.' }).max(3, { error: 'A group has 2 or 3 students.' }),
      { error: 'Give the groups as lists of student ids.' },
    )
    .max(MAX_GROUPS, { error: `At most ${MAX_GROUPS} groups.` })
    .refine((groups) => new Set(groups.flat()).size === groups.flat().length, { error: 'Put each student in one group only.' }),
});

/** `POST /api/student/recordings/:recordingId/peer-feedback` (docs/product.md#talk-partners). */
export const peerFeedbackSchema = z.object({
  /** `liked` ("I liked how you…"), `next` ("Next time, try…") or `unsure` ("I wasn't sure when…") */
  stem: z.enum(PEER_STEMS, { error: 'Must be liked, next or unsure.' }),
  /** 1–280 characters after trimming: how the sentence goes on */
  text: z.string({ error: 'Enter your feedback.' }).trim().min(1, { error: 'Enter your feedback.' }).max(280, { error: 'At most 280 characters.' }),
  /** `{strandKey: 1–3}` for exactly the task's focus strands (checked against the task) */
  clarity: z.partialRecord(
    z.enum(SPEAKING_STRANDS, { error: 'Must be linguistic, cognitive, socialEmotional or physical.' }),
    z.int({ error: 'Must be 1, 2 or 3.' }).min(1, { error: 'Must be 1, 2 or 3.' }).max(3, { error: 'Must be 1, 2 or 3.' }),
    { error: 'Rate how clear it was for each focus strand.' },
  ),
});

/** `?status=` of the moderation list: `pending` (default), `reported`, `approved` or `hidden`. */
export const moderationQuerySchema = z.object({
  status: z.enum(PEER_FEEDBACK_STATUSES, { error: 'Must be pending, approved, hidden or reported.' }).default('pending'),
});

/** `:feedbackId` */
export const feedbackIdParamSchema = z.object({ feedbackId: objectIdField() });
