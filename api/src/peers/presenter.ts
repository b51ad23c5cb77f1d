import type { Types } from 'mongoose';
import { z } from 'zod';
import { SPEAKING_STRANDS } from '../speaking/model.js';
import { objectId, timestamp } from '../platform/http/fields.js';
import { PEER_FEEDBACK_STATUSES, PEER_MODES, PEER_STEMS } from './model.js';

type Id = Types.ObjectId | string;

const strandKey = z.enum(SPEAKING_STRANDS);
const clarity = z.partialRecord(strandKey, z.number()).meta({ description: '1–3 "how clear was it" for each of the task’s focus strands' });

/** A task's talk-partner settings (docs/product.md#talk-partners). */
export const peerSettingsJsonSchema = z.object({ taskId: objectId(), peerFeedback: z.enum(PEER_MODES), showNames: z.boolean() }).meta({ id: 'PeerSettings' });

/** A task's partner groups as its teacher sees them, and the enrolled students in none. */
export const partnerGroupsJsonSchema = z
  .object({
    taskId: objectId(),
    groups: z.array(z.array(z.object({ id: objectId(), name: z.string() }))).meta({ description: 'groups of 2 or 3 students, by group number' }),
    ungrouped: z.array(z.object({ id: objectId(), name: z.string() })).meta({ description: 'enrolled students in no group: they hear no classmate until the groups are set again' }),
  })
  .meta({ id: 'PartnerGroups' });

/** Partner groups: see {@link partnerGroupsJsonSchema}. */
export type PartnerGroupsJson = z.infer<typeof partnerGroupsJsonSchema>;

/** Peer feedback as its writer sees it: what they wrote and where moderation stands. */
export const writtenPeerFeedbackJsonSchema = z
  .object({
    id: objectId(),
    recordingId: objectId(),
    stem: z.enum(PEER_STEMS).meta({ description: '`liked` "I liked how you…", `next` "Next time, try…", `unsure` "I wasn’t sure when…"' }),
    text: z.string(),
    clarity,
    status: z.enum(PEER_FEEDBACK_STATUSES).meta({ description: '`pending` until the teacher approves or hides it; `reported` once its recipient reported it' }),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'WrittenPeerFeedback' });

/** Written peer feedback: see {@link writtenPeerFeedbackJsonSchema}. */
export type WrittenPeerFeedbackJson = z.infer<typeof writtenPeerFeedbackJsonSchema>;

/** The stored fields the presenters read. */
export interface PeerFeedbackLike {
  _id: Id;
  recordingId: Id;
  taskId: Id;
  courseId: Id;
  authorId: Id;
  recipientId: Id;
  stem: (typeof PEER_STEMS)[number];
  text: string;
  clarity: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  status: (typeof PEER_FEEDBACK_STATUSES)[number];
  createdAt: Date;
  updatedAt: Date;
}

/** The clarity ratings in the questionnaire's order, from a stored Map or a plain object. */
function clarityOf(feedback: PeerFeedbackLike): Partial<Record<(typeof SPEAKING_STRANDS)[number], number>> {
  const read = (key: string) => (feedback.clarity instanceof Map ? (feedback.clarity.get(key) as number | undefined) : (feedback.clarity as Record<string, number>)[key]);
  return Object.fromEntries(SPEAKING_STRANDS.flatMap((key) => (read(key) === undefined ? [] : [[key, read(key) as number]])));
}

/** Presents peer feedback to its writer. */
export function presentWritten(feedback: PeerFeedbackLike): WrittenPeerFeedbackJson {
  return {
    id: String(feedback._id),
    recordingId: String(feedback.recordingId),
    stem: feedback.stem,
    text: feedback.text,
    clarity: clarityOf(feedback),
    status: feedback.status,
    createdAt: feedback.createdAt.toISOString(),
    updatedAt: feedback.updatedAt.toISOString(),
  };
}

/** Approved peer feedback as the take's student sees it ("From your talk partners"). */
export const receivedPeerFeedbackJsonSchema = z
  .object({
    id: objectId(),
    stem: z.enum(PEER_STEMS),
    text: z.string(),
    clarity,
    authorName: z.string().nullable().meta({ description: 'the classmate’s name when the task shows names; null otherwise' }),
    createdAt: timestamp(),
  })
  .meta({ id: 'ReceivedPeerFeedback' });

/** Received peer feedback: see {@link receivedPeerFeedbackJsonSchema}. */
export type ReceivedPeerFeedbackJson = z.infer<typeof receivedPeerFeedbackJsonSchema>;

/** Presents approved peer feedback to its recipient; `authorName` null unless the task shows names. */
export function presentReceived(feedback: PeerFeedbackLike, authorName: string | null): ReceivedPeerFeedbackJson {
  return { id: String(feedback._id), stem: feedback.stem, text: feedback.text, clarity: clarityOf(feedback), authorName, createdAt: feedback.createdAt.toISOString() };
}

/** A classmate's take a student may hear (`GET /api/student/speaking-tasks/:taskId/peer-takes`). */
export const peerTakeJsonSchema = z
  .object({
    recordingId: objectId(),
    label: z.string().meta({ description: '"Classmate 1", "Classmate 2"… in the order the takes were first sent: stable for this listener' }),
    name: z.string().nullable().meta({ description: 'the classmate’s name when the task shows names; null otherwise' }),
    durationMs: z.number(),
    submittedAt: timestamp(),
    audioUrl: z.string().meta({ description: '`/api/peer-takes/{recordingId}/audio`' }),
    myFeedback: writtenPeerFeedbackJsonSchema.nullable().meta({ description: 'what the listener wrote on it, if anything' }),
  })
  .meta({ id: 'PeerTake' });

/** A peer take: see {@link peerTakeJsonSchema}. */
export type PeerTakeJson = z.infer<typeof peerTakeJsonSchema>;

/** A student's own side of a task's talk partners (`GET /api/student/speaking-tasks/:taskId/peers`). */
export const ownPeersJsonSchema = z
  .object({
    taskId: objectId(),
    peerFeedback: z.enum(PEER_MODES),
    listens: z.number().meta({ description: 'how many classmates have listened to the student’s take' }),
    received: z.array(receivedPeerFeedbackJsonSchema).meta({ description: '"From your talk partners": approved feedback on the student’s take, oldest first' }),
    written: z.array(writtenPeerFeedbackJsonSchema).meta({ description: 'the feedback the student wrote on this task, with its status' }),
  })
  .meta({ id: 'OwnPeers' });

/** A student's own talk-partner view: see {@link ownPeersJsonSchema}. */
export type OwnPeersJson = z.infer<typeof ownPeersJsonSchema>;

/** One entry of "Peer feedback to check" (`GET /api/teacher/peer-feedback`). */
export const moderationItemJsonSchema = writtenPeerFeedbackJsonSchema
  .extend({
    authorId: objectId(),
    authorName: z.string().meta({ description: 'who wrote it ("Deleted user" never: a deleted student’s feedback goes)' }),
    recipientId: objectId(),
    recipientName: z.string(),
    taskId: objectId(),
    taskTitle: z.string(),
    courseTitle: z.string(),
    audioUrl: z.string().meta({ description: 'the take’s audio, `/api/recordings/{recordingId}/audio`' }),
  })
  .meta({ id: 'PeerFeedbackToCheck' });

/** A moderation entry: see {@link moderationItemJsonSchema}. */
export type ModerationItemJson = z.infer<typeof moderationItemJsonSchema>;
