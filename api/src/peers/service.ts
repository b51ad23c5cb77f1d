import { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { User } from '../people/userModel.js';
import { Recording, SpeakingTask } from '../speaking/model.js';
import { coursesTaughtBy } from '../speaking/policy.js';
import { DELETED_USER_NAME } from '../chat/presenter.js';
import { ROLES, type Reader } from '../auth/roles.js';
import { badRequest, conflict, isDuplicateKeyError, notFound } from '../platform/http/errors.js';
import { PartnerMember, PeerFeedback, PeerListen, type PeerFeedbackStatus, type PeerMode, type PeerStem } from './model.js';
import { authorizePeer, peerCircle, type PeerTask } from './policy.js';
import {
  presentReceived,
  presentWritten,
  type ModerationItemJson,
  type OwnPeersJson,
  type PartnerGroupsJson,
  type PeerFeedbackLike,
  type PeerTakeJson,
  type WrittenPeerFeedbackJson,
} from './presenter.js';

/**
 * Talk partners (docs/product.md#talk-partners): a task's peer settings and partner groups, the
 * takes a student may hear, peer feedback and its moderation, listens, and their removal with the
 * recordings they hang on. Who may is `policy.ts`'s; every read runs a fixed number of queries.
 */

/** A task as these functions read it. */
export type PeerTaskDoc = PeerTask & { focusStrands: readonly string[]; showNames?: boolean | null; title: string };

/** Names of some people by id. One query. */
async function namesOf(ids: readonly Types.ObjectId[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const people = await User.find({ _id: { $in: ids } })
    .select('name')
    .lean();
  return new Map(people.map((p) => [String(p._id), p.name]));
}

/** Saves a task's peer settings. @returns the saved settings */
export async function savePeerSettings(task: PeerTask, settings: { peerFeedback: PeerMode; showNames: boolean }) {
  await SpeakingTask.updateOne({ _id: task._id }, { $set: settings });
  return { taskId: String(task._id), ...settings };
}

/** A task's partner groups by group number, and the enrolled students in none. Three queries. */
export async function partnerGroups(task: PeerTask): Promise<PartnerGroupsJson> {
  const [members, enrolled] = await Promise.all([
    PartnerMember.find({ taskId: task._id }).select('studentId group').sort({ group: 1, _id: 1 }).lean(),
    Enrollment.find({ courseId: task.courseId }).select('studentId').lean(),
  ]);
  const names = await namesOf(enrolled.map((e) => e.studentId));
  const person = (id: Types.ObjectId) => ({ id: String(id), name: names.get(String(id)) ?? DELETED_USER_NAME });
  const byGroup = new Map<number, ReturnType<typeof person>[]>();
  for (const m of members) byGroup.set(m.group, [...(byGroup.get(m.group) ?? []), person(m.studentId)]);
  const grouped = new Set(members.map((m) => String(m.studentId)));
  return {
    taskId: String(task._id),
    groups: [...byGroup.entries()].sort(([a], [b]) => a - b).map(([, people]) => people),
    ungrouped: enrolled.filter((e) => !grouped.has(String(e.studentId))).map((e) => person(e.studentId)),
  };
}

/** Replaces a task's groups with `groups` (lists of student ids), numbered from 1. */
async function replaceGroups(task: PeerTask, groups: readonly (readonly Types.ObjectId[])[]): Promise<void> {
  await PartnerMember.deleteMany({ taskId: task._id });
  const docs = groups.flatMap((group, i) => group.map((studentId) => ({ taskId: task._id, courseId: task.courseId, studentId, group: i + 1 })));
  if (docs.length > 0) await PartnerMember.insertMany(docs);
}

/**
 * Sets a task's partner groups as the teacher chose them: every id a student enrolled in the
 * task's course (the schema checked sizes and repeats).
 * @throws 400 `validation_error` naming `groups` for a student not enrolled
 */
export async function setPartnerGroups(task: PeerTask, groups: readonly (readonly string[])[]): Promise<PartnerGroupsJson> {
  const ids = groups.flat();
  const enrolled = await Enrollment.find({ courseId: task.courseId, studentId: { $in: ids.map((id) => new Types.ObjectId(id)) } })
    .select('studentId')
    .lean();
  const known = new Set(enrolled.map((e) => String(e.studentId)));
  const stranger = ids.find((id) => !known.has(id.toLowerCase()));
  if (stranger) throw badRequest('Every student in a group must be enrolled in the task’s course.', { groups: `${stranger} is not enrolled in this course.` });
  await replaceGroups(
    task,
    groups.map((group) => group.map((id) => new Types.ObjectId(id))),
  );
  return partnerGroups(task);
}

/**
 * Pairs `ids` at random (docs/product.md#talk-partners): shuffled with `random` (values in
 * [0, 1), like `Math.random`), then in pairs, the last pair a three when the number is odd. One
 * student alone gets no group.
 */
export function pairAtRandom<T>(ids: readonly T[], random: () => number): T[][] {
  const shuffled = [...ids];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const groups: T[][] = [];
  for (let i = 0; i + 1 < shuffled.length; i += 2) groups.push([shuffled[i]!, shuffled[i + 1]!]);
  if (shuffled.length % 2 === 1 && groups.length > 0) groups[groups.length - 1]!.push(shuffled[shuffled.length - 1]!);
  return groups;
}

/** Sets a task's groups at random over the students enrolled in its course now ({@link pairAtRandom}). */
export async function shufflePartners(task: PeerTask, random: () => number): Promise<PartnerGroupsJson> {
  const enrolled = await Enrollment.find({ courseId: task.courseId }).select('studentId').sort({ studentId: 1 }).lean();
  await replaceGroups(
    task,
    pairAtRandom(
      enrolled.map((e) => e.studentId),
      random,
    ),
  );
  return partnerGroups(task);
}

/** A stored recording as these functions read it. */
interface TakeDoc {
  _id: Types.ObjectId;
  studentId: Types.ObjectId;
  taskId: Types.ObjectId;
  courseId: Types.ObjectId;
  durationMs: number;
  submittedAt: Date;
  createdAt: Date;
  audioRemovedAt?: Date | null;
}

/**
 * The classmates' takes `student` may hear on `task` (docs/product.md#talk-partners), in the order
 * they were first sent, labelled "Classmate 1", "Classmate 2"… (with names when the task shows
 * them), each with what the student wrote on it. Takes whose audio retention removed are left out.
 * @throws 403 as `authorizePeer`
 */
export async function peerTakes(student: Reader, task: PeerTaskDoc): Promise<PeerTakeJson[]> {
  await authorizePeer(student._id, task);
  const circle = await peerCircle(student._id, task);
  if (circle && circle.length === 0) return [];
  const filter = { taskId: task._id, courseId: task.courseId, studentId: circle ? { $in: circle } : { $ne: student._id }, audioRemovedAt: null };
  const takes = await Recording.find(filter).select('studentId taskId courseId durationMs submittedAt createdAt audioRemovedAt').sort({ createdAt: 1, _id: 1 }).lean<TakeDoc[]>();
  const [names, mine] = await Promise.all([
    task.showNames ? namesOf(takes.map((t) => t.studentId)) : Promise.resolve(new Map<string, string>()),
    PeerFeedback.find({ authorId: student._id, recordingId: { $in: takes.map((t) => t._id) } }).lean<PeerFeedbackLike[]>(),
  ]);
  const mineOf = new Map(mine.map((f) => [String(f.recordingId), f]));
  return takes.map((take, i) => {
    const written = mineOf.get(String(take._id));
    return {
      recordingId: String(take._id),
      label: `Classmate ${i + 1}`,
      name: task.showNames ? (names.get(String(take.studentId)) ?? DELETED_USER_NAME) : null,
      durationMs: take.durationMs,
      submittedAt: take.submittedAt.toISOString(),
      audioUrl: `/api/peer-takes/${String(take._id)}/audio`,
      myFeedback: written ? presentWritten(written) : null,
    };
  });
}

/** Records that `listenerId` heard the take (once per listener and take). */
export async function recordListen(listenerId: Types.ObjectId, take: { _id: Types.ObjectId; studentId: Types.ObjectId; courseId: Types.ObjectId }): Promise<void> {
  try {
    await PeerListen.updateOne(
      { recordingId: take._id, listenerId },
      { $setOnInsert: { recordingId: take._id, listenerId, authorId: take.studentId, courseId: take.courseId, at: new Date() } },
      { upsert: true },
    );
  } catch (err) {
    // two first listens at once: the other one counted it.
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/**
 * Writes the student's peer feedback on a take, or changes it while it is still `pending`
 * (docs/product.md#talk-partners). The clarity ratings must name exactly the task's focus strands.
 * @returns the feedback and whether it was new
 * @throws 400 `validation_error` naming `clarity.<key>`; 409 once the teacher approved or hid it, or it was reported
 */
export async function writePeerFeedback(
  author: Reader,
  task: PeerTaskDoc,
  take: { _id: Types.ObjectId; studentId: Types.ObjectId },
  body: { stem: PeerStem; text: string; clarity: Partial<Record<string, number>> },
): Promise<{ feedback: WrittenPeerFeedbackJson; created: boolean }> {
  const clarity = checkedClarity(body.clarity, task.focusStrands);
  const fields = { stem: body.stem, text: body.text, clarity };
  try {
    const created = await PeerFeedback.create({ recordingId: take._id, taskId: task._id, courseId: task.courseId, authorId: author._id, recipientId: take.studentId, ...fields });
    return { feedback: presentWritten(created.toObject() as unknown as PeerFeedbackLike), created: true };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const updated = await PeerFeedback.findOneAndUpdate(
    { recordingId: take._id, authorId: author._id, status: 'pending' },
    { $set: fields },
    { returnDocument: 'after', runValidators: true },
  ).lean<PeerFeedbackLike>();
  if (!updated) throw conflict('Your teacher has already checked this feedback: it cannot be changed.');
  return { feedback: presentWritten(updated), created: false };
}

/**
 * The clarity ratings, exactly one for each of the task's focus strands.
 * @throws 400 `validation_error` naming `clarity.<key>` for a missing or an extra strand
 */
function checkedClarity(clarity: Partial<Record<string, number>>, focus: readonly string[]): Record<string, number> {
  const fields: Record<string, string> = {};
  for (const key of focus) if (clarity[key] === undefined) fields[`clarity.${key}`] = 'Rate it 1, 2 or 3.';
  for (const key of Object.keys(clarity)) if (!focus.includes(key)) fields[`clarity.${key}`] = 'This task does not focus on this strand.';
  if (Object.keys(fields).length > 0) throw badRequest('Rate exactly the task’s focus strands.', fields);
  return Object.fromEntries(focus.map((key) => [key, clarity[key] as number]));
}

/**
 * A student's own side of a task's talk partners (docs/product.md#talk-partners): how many
 * classmates listened to their take, the approved feedback on it ("From your talk partners") —
 * never one still pending, hidden or reported — and the feedback they wrote. Five queries.
 */
export async function ownPeers(student: Reader, task: PeerTaskDoc): Promise<OwnPeersJson> {
  const own = await Recording.findOne({ taskId: task._id, studentId: student._id }).select('_id').lean();
  const [listens, received, written] = await Promise.all([
    own ? PeerListen.countDocuments({ recordingId: own._id }) : Promise.resolve(0),
    own ? PeerFeedback.find({ recordingId: own._id, status: 'approved' }).sort({ createdAt: 1, _id: 1 }).lean<PeerFeedbackLike[]>() : Promise.resolve([]),
    PeerFeedback.find({ taskId: task._id, authorId: student._id }).sort({ createdAt: 1, _id: 1 }).lean<PeerFeedbackLike[]>(),
  ]);
  const names = task.showNames ? await namesOf(received.map((f) => new Types.ObjectId(String(f.authorId)))) : new Map<string, string>();
  return {
    taskId: String(task._id),
    peerFeedback: task.peerFeedback ?? 'off',
    listens,
    received: received.map((f) => presentReceived(f, task.showNames ? (names.get(String(f.authorId)) ?? DELETED_USER_NAME) : null)),
    written: written.map(presentWritten),
  };
}

/**
 * "Peer feedback to check" (docs/product.md#talk-partners): the peer feedback of one status in the
 * courses `user` teaches now (every course for an admin), oldest first, with who wrote it, whose
 * take, the task and the course. Five queries.
 */
export async function moderationList(user: Reader, status: PeerFeedbackStatus): Promise<ModerationItemJson[]> {
  const scope = user.role === ROLES.admin ? {} : { courseId: { $in: await coursesTaughtBy(user._id) } };
  const items = await PeerFeedback.find({ ...scope, status })
    .sort({ createdAt: 1, _id: 1 })
    .lean<PeerFeedbackLike[]>();
  if (items.length === 0) return [];
  const ids = (key: 'authorId' | 'recipientId' | 'taskId' | 'courseId') => [...new Set(items.map((f) => String(f[key])))].map((id) => new Types.ObjectId(id));
  const [names, tasks, courses] = await Promise.all([
    namesOf([...ids('authorId'), ...ids('recipientId')]),
    SpeakingTask.find({ _id: { $in: ids('taskId') } })
      .select('title')
      .lean(),
    Course.find({ _id: { $in: ids('courseId') } })
      .select('title')
      .lean(),
  ]);
  const titleOf = new Map([...tasks, ...courses].map((d) => [String(d._id), d.title]));
  return items.map((f) => ({
    ...presentWritten(f),
    authorId: String(f.authorId),
    authorName: names.get(String(f.authorId)) ?? DELETED_USER_NAME,
    recipientId: String(f.recipientId),
    recipientName: names.get(String(f.recipientId)) ?? DELETED_USER_NAME,
    taskId: String(f.taskId),
    taskTitle: titleOf.get(String(f.taskId)) ?? '',
    courseTitle: titleOf.get(String(f.courseId)) ?? '',
    audioUrl: `/api/recordings/${String(f.recordingId)}/audio`,
  }));
}

/** The peer feedback called `id`. @throws 404 when there is none */
export async function findPeerFeedback(id: string): Promise<PeerFeedbackLike & { _id: Types.ObjectId; courseId: Types.ObjectId; recipientId: Types.ObjectId }> {
  const feedback = await PeerFeedback.findById(new Types.ObjectId(id)).lean<PeerFeedbackLike & { _id: Types.ObjectId; courseId: Types.ObjectId; recipientId: Types.ObjectId }>();
  if (!feedback) throw notFound('No such peer feedback.');
  return feedback;
}

/** Sets peer feedback's status: the teacher's `approved` or `hidden` (with who and when), or the recipient's `reported`. */
export async function setPeerFeedbackStatus(id: Types.ObjectId, status: PeerFeedbackStatus, by: Types.ObjectId): Promise<WrittenPeerFeedbackJson> {
  const now = new Date();
  const set = status === 'reported' ? { status, reportedAt: now } : { status, moderatedBy: by, moderatedAt: now };
  const updated = await PeerFeedback.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after' }).lean<PeerFeedbackLike>();
  if (!updated) throw notFound('No such peer feedback.');
  return presentWritten(updated);
}
