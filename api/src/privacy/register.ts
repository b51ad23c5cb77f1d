import mongoose, { Types } from 'mongoose';
// Every model file, so that `mongoose.modelNames()` holds every model the register speaks of.

import '../platform/http/idempotencyKeyModel.js';
import '../platform/db/serverSecretModel.js';
import { DELETED_USER_NAME } from '../chat/presenter.js';
import type { UploadStores } from '../platform/uploads.js';

/**
 * The privacy register (docs/personal-data.md, docs/decisions/0027-one-privacy-register.md): for
 * every Mongoose model, what personal data it holds, whose it is, why it is kept, who can see it,
 * how long it stays, whether it is exported, and what erasing a person does to it. It is the one
 * home of these facts: the public notice (`GET /api/privacy/register`), erasure
 * (`people/service.ts` `deletePerson`), exports and retention read it, and
 * `register.test.ts` fails when a model, or a path holding a user's id, is missing from it.
 * Its words are English; the screens translate only their own headings around them.
 */

/** Whose data a path holding a user's id makes a record. */
export type OwnerRole =
  /** the record is about, or of, that person (their assessment, their recording) */
  | 'subject'
  /** the person wrote it for someone else (a teacher's feedback, a task they set) */
  | 'author'
  /** the person acted on someone else's record (the admin who decided a complaint) */
  | 'actor';

/** What erasing a person does to a record that names them at one path. */
export type ErasureAction =
  /** the record is deleted (with the records and files that hang on it) */
  | 'delete'
  /** the record stays for others, the person replaced: the path becomes null and `replaceWith` is set */
  | 'anonymise'
  /** the record stays as it is but the reference: the path becomes null */
  | 'detach';

/** How an id is stored at a path: an ObjectId, or its 24-hex string (inside a JSON payload). */
export type IdType = 'objectId' | 'string';

/** One path of a model that holds a user's id. */
export interface OwnerPath {
  /** a schema path (dot notation), or `_id` for the user record itself */
  path: string;
  role: OwnerRole;
  onErasure: ErasureAction;
  /** for `anonymise`: what else the kept record is given, e.g. `{senderName: 'Deleted user'}` */
  replaceWith?: Readonly<Record<string, unknown>>;
  /** for `anonymise`: records of the person that also match this filter are deleted instead (nothing of value would stay) */
  deleteIf?: Readonly<Record<string, unknown>>;
  /** default `objectId` */
  idType?: IdType;
}

/** A path holding the id of another model's record: the record goes when that one is erased. */
export interface LinkedPath {
  path: string;
  /** the model whose records it points at, e.g. `Recording` */
  model: string;
  /** default `objectId` */
  idType?: IdType;
}

/** A field naming a file in one of the upload stores (`platform/uploads.ts`). */
export interface FileField {
  /** the path of the store key, e.g. `file.name` */
  path: string;
  store: keyof UploadStores;
  description: string;
  /** a path that is set once the file was removed on purpose (retention): the record then has no file to export */
  goneWhen?: string;
}

/** A field holding personal data, in plain words. */
export interface PersonalField {
  path: string;
  description: string;
}

/** A retention rule a sweep can apply; absent when a record stays until the account is deleted. */
export type RetentionRule =
  /** removed once the date at `path` has passed */
  | { kind: 'until'; path: string }
  /** removed `days` after the date at `path` */
  | { kind: 'afterDays'; path: string; days: number }
  /**
   * the files of `files` are removed once the school's setting `setting` (days) after the date at
   * `path` has passed, from the records matching `when` (the record itself stays, marked `audioRemovedAt`)
   */
  | { kind: 'schoolRetention'; path: string; setting: 'recordingRetentionDays'; when: Readonly<Record<string, unknown>> };

/** One model's entry. */
export interface RegisterEntry {
  /** the Mongoose model name, e.g. `Recording` */
  model: string;
  /** plain words, e.g. "Speaking-practice recordings" */
  label: string;
  /** why it is kept */
  purpose: string;
  /** the fields that are personal data; empty for a collection that holds none */
  personalData: readonly PersonalField[];
  /** every path that holds a user's id */
  owners: readonly OwnerPath[];
  /** paths holding other records' ids whose erasure takes this record with it */
  linked?: readonly LinkedPath[];
  /** fields naming files in the upload stores: the files go with their records */
  files?: readonly FileField[];
  /** who can see it, in plain words */
  whoCanSee: string;
  retention: { text: string; rule?: RetentionRule };
  /** what erasing a person does to it, in plain words */
  onErasure: string;
  /**
   * whether a person's records are in their export (docs/product.md#download-my-data), and how:
   * `omit` names fields left out; `roles` the owner roles whose records are exported (default
   * `subject` and `author`: records only acted on, like a complaint an admin decided, are another's)
   */
  export: {
    included: boolean;
    how: string;
    omit?: readonly string[];
    roles?: readonly OwnerRole[];
    /** `actor` paths whose person the export names (`<field>Name`) instead of leaving out: the staff who opened a student's data */
    names?: readonly string[];
    /** owner path → a filter the records found through it must also match to be exported (peer feedback received: only the approved) */
    where?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    /** records whose fields equal these values name nobody else, even at `names` (a classmate who listened: docs/product.md#talk-partners) */
    namelessWhen?: Readonly<Record<string, unknown>>;
  };
}

const UNTIL_DELETED = 'Until the account is deleted.';

/** Every entry, one per Mongoose model. */
export const PRIVACY_REGISTER: readonly RegisterEntry[] = [
  {
    model: 'User',
    label: 'Accounts',
    purpose: 'To let each person sign in, show their name to the people they work with, and keep their Oracy level and latest self-assessment summary.',
    personalData: [
      { path: 'firstName', description: 'First name' },
      { path: 'lastName', description: 'Last name' },
      { path: 'name', description: 'Full name' },
      { path: 'email', description: 'Email address' },
      { path: 'passwordHash', description: 'Password, stored only as a one-way hash' },
      { path: 'role', description: 'Role: student, teacher or admin' },
      { path: 'mustChangePassword', description: 'Whether a one-time password must still be replaced' },
      { path: 'oracyLevel', description: 'Oracy level from the latest self-assessment' },
      { path: 'oracy', description: 'Summary of the latest and previous self-assessment (Oracy profile history)' },
      { path: 'profilePicture', description: 'Profile picture, if any' },
      { path: 'photo', description: 'The photo the person chose on their profile, if any' },
      { path: 'language', description: 'Chosen language' },
    ],
    owners: [{ path: '_id', role: 'subject', onErasure: 'delete' }],
    files: [{ path: 'photo', store: 'public', description: 'Profile photo' }],
    whoCanSee: 'The person; their teachers or students see their name, email and level; admins see every account.',
    retention: { text: UNTIL_DELETED },
    onErasure: 'Deleted, last, with the profile history it holds.',
    export: { included: true, how: 'The account without the password hash.', omit: ['passwordHash'] },
  },
  {
    model: 'Session',
    label: 'Sign-in sessions',
    purpose: 'To keep a person signed in on a device.',
    personalData: [
      { path: 'userId', description: 'Whose session it is' },
      { path: 'lastSeenAt', description: 'When the session was last used' },
      { path: 'userAgent', description: 'The browser and device that signed in' },
      { path: 'expiresAt', description: 'When the session ends' },
    ],
    owners: [{ path: 'userId', role: 'subject', onErasure: 'delete' }],
    whoCanSee: 'Nobody on screen; the server uses it to recognise the person.',
    retention: { text: 'Until it expires, is signed out, or the account is deleted.', rule: { kind: 'until', path: 'expiresAt' } },
    onErasure: 'Deleted first, so that the person is signed out everywhere.',
    export: { included: true, how: 'When and from which browser each session was used, without its token hash.', omit: ['tokenHash'] },
  },
  {
    model: 'IdempotencyKey',
    label: 'Offline-send receipts',
    purpose: 'To make sure a complaint, a recording or a talk partner’s feedback sent again after being offline is stored once.',
    personalData: [
      { path: 'userId', description: 'Who sent the request' },
      { path: 'body', description: 'The stored answer, which may repeat what was sent (a complaint’s text)' },
    ],
    owners: [{ path: 'userId', role: 'subject', onErasure: 'delete' }],
    whoCanSee: 'Nobody on screen; only the person’s own repeated request reads it back.',
    retention: { text: 'At least 7 days, then removed.', rule: { kind: 'afterDays', path: 'createdAt', days: 7 } },
    onErasure: 'Deleted.',
    export: { included: false, how: 'Not included: it repeats records that are exported themselves.' },
  },
  {
    model: 'Assessment',
    label: 'Self-assessments',
    purpose: 'To record each self-assessment a student makes, so that their Oracy profile shows how they change.',
    personalData: [
      { path: 'userId', description: 'Who assessed themself' },
      { path: 'scores', description: 'The 16 scores they gave themself' },
      { path: 'mean', description: 'The mean of the scores' },
      { path: 'level', description: 'The Oracy level it gave' },
    ],
    owners: [{ path: 'userId', role: 'subject', onErasure: 'delete' }],
    whoCanSee: 'The student, their teachers and admins.',
    retention: { text: UNTIL_DELETED },
    onErasure: 'Deleted.',
    export: { included: true, how: 'Every submission with its scores.' },
  },
  {
    model: 'Enrollment',
    label: 'Course enrolments',
    purpose: 'To know which courses a student takes and which they completed.',
    personalData: [
      { path: 'studentId', description: 'The student' },
      { path: 'completedAt', description: 'When they completed the course' },
    ],
    owners: [{ path: 'studentId', role: 'subject', onErasure: 'delete' }],
    whoCanSee: 'The student, the course’s teacher and admins.',
    retention: { text: 'Until the course is unassigned or deleted, or the account is deleted.' },
    onErasure: 'Deleted.',
    export: { included: true, how: 'Each course with its completion date.' },
  },
  {
    model: 'AssignmentCompletion',
    label: 'Assignment completions',
    purpose: 'To know which assignments a student has done.',
    personalData: [
      { path: 'studentId', description: 'The student' },
      { path: 'completedAt', description: 'When they completed the assignment' },
    ],
    owners: [{ path: 'studentId', role: 'subject', onErasure: 'delete' }],
    whoCanSee: 'The student, their teachers and admins.',
    retention: { text: 'Until the assignment or the account is deleted.' },
    onErasure: 'Deleted.',
    export: { included: true, how: 'Each completed assignment with its date.' },
  },
  {
    model: 'Complaint',
    label: 'Complaints',
    purpose: 'To let students and teachers raise a complaint and admins decide it.',
    personalData: [
      { path: 'userId', description: 'Who filed it' },
      { path: 'title', description: 'Its title' },
      { path: 'description', description: 'What it says' },
      { path: 'role', description: 'Whether the filer is a student or a teacher' },
      { path: 'decidedBy', description: 'The admin who decided it' },
      { path: 'decidedAt', description: 'When it was decided' },
      { path: 'moderationNote', description: 'The deciding admin’s optional note to the person who filed it' },
    ],
    owners: [
      { path: 'userId', role: 'subject', onErasure: 'delete' },
      { path: 'decidedBy', role: 'actor', onErasure: 'detach' },
    ],
    whoCanSee: 'The person who filed it and admins.',
    retention: { text: 'Until the filer deletes it (while not approved) or the account is deleted.' },
    onErasure: 'The filer’s complaints are deleted; on others’ complaints a deleted admin is no longer named as the one who decided.',
    export: { included: true, how: 'The complaints the person filed, with their status, when it was decided and the admin’s note, without who decided it.' },
  },
  {
    model: 'ComplaintDecision',
    label: 'Complaint decisions',
    purpose: 'To make sure one decision about a complaint wins when two are made at once.',
    personalData: [{ path: 'decidedBy', description: 'The admin who decided' }],
    owners: [{ path: 'decidedBy', role: 'actor', onErasure: 'detach' }],
    linked: [{ path: '_id', model: 'Complaint' }],
    whoCanSee: 'Nobody on screen; the server uses it.',
    retention: { text: 'As long as its complaint.' },
    onErasure: 'Deleted with its complaint; a deleted admin is no longer named.',
    export: { included: false, how: 'Not included: the complaint’s status is exported with the complaint.' },
  },
  {
    model: 'Course',
    label: 'Courses',
    purpose: 'To describe the courses the school runs and who teaches them.',
    personalData: [{ path: 'instructorId', description: 'The teacher who teaches it' }],
    owners: [{ path: 'instructorId', role: 'actor', onErasure: 'detach' }],
    files: [{ path: 'image', store: 'public', description: 'The course picture' }],
    whoCanSee: 'Everyone signed in sees the courses they take or teach; admins see all.',
    retention: { text: 'Until an admin deletes the course.' },
    onErasure: 'Kept without a teacher when its teacher is deleted.',
    export: { included: true, how: 'The courses a teacher teaches.', roles: ['actor'] },
  },
  {
    model: 'Assignment',
    label: 'Assignments',
    purpose: 'To list the work a course sets.',
    personalData: [],
    owners: [],
    whoCanSee: 'The course’s students and teacher, and admins.',
    retention: { text: 'Until the course is deleted.' },
    onErasure: 'Not personal data: unchanged.',
    export: { included: false, how: 'Not personal data.' },
  },
  {
    model: 'Notice',
    label: 'Notices',
    purpose: 'To tell everyone in the school what they need to know.',
    personalData: [],
    owners: [],
    whoCanSee: 'Everyone signed in.',
    retention: { text: 'Until an admin deletes it.' },
    onErasure: 'Not personal data: unchanged.',
    export: { included: false, how: 'Not personal data.' },
  },
  {
    model: 'ChatMessage',
    label: 'Discussion messages',
    purpose: 'To let admins talk to each other in the discussion.',
    personalData: [
      { path: 'userId', description: 'Who sent it' },
      { path: 'senderName', description: 'The sender’s name when it was sent' },
      { path: 'content', description: 'What the message says' },
      { path: 'file', description: 'An attached file, with its original name' },
    ],
    owners: [
      {
        path: 'userId',
        role: 'author',
        onErasure: 'anonymise',
        replaceWith: { senderName: DELETED_USER_NAME, file: null },
        deleteIf: { content: '' },
      },
    ],
    files: [{ path: 'file.url', store: 'chat', description: 'The attached file' }],
    whoCanSee: 'Admins.',
    retention: { text: UNTIL_DELETED },
    onErasure:
      'Messages stay for the others in the discussion, shown as from "Deleted user"; the files the person attached are deleted (their names and contents may name them), and a message that was only a file goes with it.',
    export: { included: true, how: 'The messages the person sent.' },
  },
  {
    model: 'SpeakingTask',
    label: 'Speaking tasks',
    purpose: 'To set students a prompt to answer aloud.',
    personalData: [{ path: 'teacherId', description: 'The teacher who set it' }],
    owners: [{ path: 'teacherId', role: 'author', onErasure: 'anonymise' }],
    whoCanSee: 'The course’s students and teacher, and admins.',
    retention: { text: 'Until the teacher or an admin deletes it, or its course is deleted.' },
    onErasure: 'Kept for the students when its teacher is deleted, with the teacher shown as "Deleted user".',
    export: { included: true, how: 'The tasks a teacher set.' },
  },
  {
    model: 'Recording',
    label: 'Speaking-practice recordings',
    purpose: 'To let a student answer a speaking task aloud and their teacher listen and give feedback.',
    personalData: [
      { path: 'studentId', description: 'The student who recorded it' },
      { path: 'file', description: 'The recorded voice: the audio file, its type and size' },
      { path: 'durationMs', description: 'How long it is' },
      { path: 'submittedAt', description: 'When it was sent' },
      { path: 'status', description: 'Whether it has been reviewed' },
      { path: 'audioRemovedAt', description: 'When its audio was removed under the school’s retention' },
    ],
    owners: [{ path: 'studentId', role: 'subject', onErasure: 'delete' }],
    files: [{ path: 'file.name', store: 'recordings', description: 'The recorded audio', goneWhen: 'audioRemovedAt' }],
    whoCanSee: 'The student, the course’s current teacher (a course handed to another teacher takes its recordings along) and admins.',
    retention: {
      text: 'The record until the account, the task or the course is deleted; the audio of a reviewed recording for the school’s recording retention (365 days unless an admin sets 30 to 1,825), then the daily retention job removes it and the recording says so. A recording not yet reviewed keeps its audio.',
      rule: { kind: 'schoolRetention', path: 'submittedAt', setting: 'recordingRetentionDays', when: { status: 'reviewed' } },
    },
    onErasure: 'Deleted with its audio file, its feedback, its delivery report and its transcript.',
    export: { included: true, how: 'Each recording with its audio file.' },
  },
  {
    model: 'Feedback',
    label: 'Feedback on recordings',
    purpose: 'To give a student their teacher’s scores and comment on a recording.',
    personalData: [
      { path: 'studentId', description: 'The student it is for' },
      { path: 'teacherId', description: 'The teacher who wrote it' },
      { path: 'strands', description: 'The scores for the task’s strands' },
      { path: 'comment', description: 'The teacher’s comment' },
    ],
    owners: [
      { path: 'studentId', role: 'subject', onErasure: 'delete' },
      { path: 'teacherId', role: 'author', onErasure: 'anonymise' },
    ],
    linked: [{ path: 'recordingId', model: 'Recording' }],
    whoCanSee: 'The student, the course’s current teacher and admins; it stays signed by the teacher who wrote it when the course is handed over.',
    retention: { text: 'As long as its recording.' },
    onErasure: 'Deleted with the student’s recording; when the teacher is deleted it stays for the student, by "Deleted user".',
    export: { included: true, how: 'For a student, the feedback they received; for a teacher, the feedback they wrote.' },
  },
  {
    model: 'DeliveryReport',
    label: 'Delivery reports',
    purpose: 'To show a student how their recordings sounded (pace, pauses, volume) and how that changes.',
    personalData: [
      { path: 'studentId', description: 'The student' },
      { path: 'report', description: 'Measurements of their voice in a recording' },
      { path: 'figures', description: 'The measurements in brief' },
      { path: 'submittedAt', description: 'When the recording was sent' },
    ],
    owners: [{ path: 'studentId', role: 'subject', onErasure: 'delete' }],
    linked: [{ path: 'recordingId', model: 'Recording' }],
    whoCanSee: 'The student, the course’s current teacher and admins.',
    retention: { text: 'Until the recording is deleted (it stays when only the audio is removed).' },
    onErasure: 'Deleted.',
    export: { included: true, how: 'Each report.' },
  },
  {
    model: 'Transcript',
    label: 'Transcripts of recordings',
    purpose: 'To show a student and their teacher what was said in a recording, word by word, with suggested marks (words a minute, fillers, repeats).',
    personalData: [
      { path: 'studentId', description: 'The student' },
      { path: 'text', description: 'What they said in a recording, as text' },
      { path: 'words', description: 'Each word they said with its time' },
      { path: 'fillers', description: 'Filler words found in what they said' },
      { path: 'repeats', description: 'Words and phrases they repeated' },
      { path: 'wordsPerMinute', description: 'How fast they spoke' },
      { path: 'reading', description: 'How they read a script aloud' },
      { path: 'automatic', description: 'The server’s transcript before a teacher corrected it' },
      { path: 'correctedBy', description: 'The teacher or admin who corrected it' },
    ],
    owners: [
      { path: 'studentId', role: 'subject', onErasure: 'delete' },
      { path: 'correctedBy', role: 'actor', onErasure: 'detach' },
    ],
    linked: [{ path: 'recordingId', model: 'Recording' }],
    whoCanSee: 'The student, the course’s current teacher and admins; a staff read is in the access log. It is made on the school’s own server: the audio is sent nowhere.',
    retention: {
      text: 'Removed with the recording’s audio (after the school’s `recordingRetentionDays` once the recording has feedback) — or, where the school keeps transcripts longer (`transcriptRetentionDays`), once the reviewed recording is that many days old — or when the recording is deleted.',
    },
    onErasure: 'Deleted with the student or the recording; when the teacher who corrected it is deleted, it stays without their name.',
    export: { included: true, how: 'Each transcript.' },
  },
  {
    model: 'PartnerMember',
    label: 'Talk-partner groups',
    purpose: 'To let the students of a speaking task’s partner group hear each other’s takes.',
    personalData: [
      { path: 'studentId', description: 'The student' },
      { path: 'group', description: 'Which group of the task they are in' },
    ],
    owners: [{ path: 'studentId', role: 'subject', onErasure: 'delete' }],
    whoCanSee: 'The course’s current teacher and admins; a student hears the takes of their group without seeing the groups.',
    retention: { text: 'Until the teacher sets the groups again, or the task, the course or the account is deleted.' },
    onErasure: 'Deleted: the student leaves their group (a partner left alone hears nobody until the groups are set again).',
    export: { included: true, how: 'The group number the student has in each task.' },
  },
  {
    model: 'PeerListen',
    label: 'Talk partners’ listens',
    purpose: 'To show a student how many classmates have listened to their take.',
    personalData: [
      { path: 'authorId', description: 'The student whose take it is' },
      { path: 'listenerId', description: 'The classmate who listened' },
      { path: 'at', description: 'When they first listened' },
    ],
    owners: [
      { path: 'authorId', role: 'subject', onErasure: 'delete' },
      { path: 'listenerId', role: 'actor', onErasure: 'delete' },
    ],
    linked: [{ path: 'recordingId', model: 'Recording' }],
    whoCanSee: 'Nobody by name on screen: the take’s student sees how many classmates listened.',
    retention: { text: 'As long as the recording.' },
    onErasure: 'Deleted, for the take’s student and for the classmate who listened.',
    export: { included: false, how: 'Not included: each listen is in the access log, without the classmate’s name.' },
  },
  {
    model: 'PeerFeedback',
    label: 'Feedback from talk partners',
    purpose: 'To let classmates give each other structured feedback on a take — a sentence stem, a short text and how clear it was — that the teacher checks first.',
    personalData: [
      { path: 'authorId', description: 'The classmate who wrote it' },
      { path: 'recipientId', description: 'The student whose take it is about' },
      { path: 'stem', description: 'The sentence stem chosen' },
      { path: 'text', description: 'What they wrote' },
      { path: 'clarity', description: 'How clear the take was, 1–3 per focus strand' },
      { path: 'status', description: 'Whether the teacher approved or hid it, or the student reported it' },
      { path: 'moderatedBy', description: 'The teacher or admin who approved or hid it' },
      { path: 'reportedAt', description: 'When the student reported it' },
    ],
    owners: [
      { path: 'recipientId', role: 'subject', onErasure: 'delete' },
      { path: 'authorId', role: 'author', onErasure: 'delete' },
      { path: 'moderatedBy', role: 'actor', onErasure: 'detach' },
    ],
    linked: [{ path: 'recordingId', model: 'Recording' }],
    whoCanSee: 'The classmate who wrote it, the course’s current teacher and admins; the take’s student once the teacher has approved it (the writer’s name only when the task shows names).',
    retention: { text: 'As long as its recording.' },
    onErasure: 'Deleted, the feedback the person wrote and the feedback they received; a deleted teacher is no longer named as the one who checked it.',
    export: {
      included: true,
      how: 'The feedback the student wrote, with its status, and the approved feedback they received — without whose it is.',
      omit: ['authorId', 'recipientId'],
      where: { recipientId: { status: 'approved' } },
    },
  },
  {
    model: 'Job',
    label: 'Background work',
    purpose: 'To measure and transcribe recordings in the background.',
    personalData: [{ path: 'payload', description: 'What the work is about: a recording (and so its student)' }],
    owners: [
      // A job about one person names them at `payload.userId`; erasure removes it.
      { path: 'payload.userId', role: 'subject', onErasure: 'delete', idType: 'string' },
    ],
    linked: [{ path: 'payload.recordingId', model: 'Recording', idType: 'string' }],
    whoCanSee: 'Nobody on screen; the server uses it.',
    retention: { text: 'Removed 7 days after it finished.', rule: { kind: 'afterDays', path: 'finishedAt', days: 7 } },
    onErasure: 'Work about the person’s recordings is deleted.',
    export: { included: false, how: 'Not included: it is the server’s work, not the person’s data.' },
  },
  {
    model: 'JobClaim',
    label: 'Background work tries',
    purpose: 'To make sure one server process runs each try of background work.',
    personalData: [],
    owners: [],
    linked: [{ path: 'jobId', model: 'Job' }],
    whoCanSee: 'Nobody on screen; the server uses it.',
    retention: { text: 'As long as its background work.' },
    onErasure: 'Deleted with its background work.',
    export: { included: false, how: 'Not personal data.' },
  },
  {
    model: 'SchoolSettings',
    label: 'School settings',
    purpose: 'To keep the school’s language, backup schedule, name, privacy contact and retention periods.',
    personalData: [{ path: 'updatedBy', description: 'The admin who saved them last' }],
    owners: [{ path: 'updatedBy', role: 'actor', onErasure: 'detach' }],
    whoCanSee: 'Admins.',
    retention: { text: 'Until replaced by the next save.' },
    onErasure: 'Kept; a deleted admin is no longer named as the one who saved.',
    export: { included: false, how: 'Not included: the school’s, not the person’s.' },
  },
  {
    model: 'AccessLogEntry',
    label: 'Access log',
    purpose: 'To show a student and the school’s admins who other than the student opened the student’s recordings, Oracy profile or data export, and when a classmate listened to a take.',
    personalData: [
      { path: 'at', description: 'When it was opened' },
      { path: 'actorId', description: 'Who opened it' },
      { path: 'actorRole', description: 'Their role' },
      { path: 'subjectId', description: 'The student whose data it was' },
      { path: 'what', description: 'What was opened: a recording’s audio (by staff, or by a classmate), the Oracy profile or a data export' },
      { path: 'resourceId', description: 'Which recording or export' },
      { path: 'ip', description: 'The IP address it was opened from' },
    ],
    owners: [
      { path: 'subjectId', role: 'subject', onErasure: 'delete' },
      { path: 'actorId', role: 'actor', onErasure: 'detach' },
    ],
    whoCanSee: 'Admins; the student sees the last 90 days of entries about them (who, in what role, what and when; a classmate who listened is not named).',
    retention: {
      text: 'One year, then removed by the daily retention job. Each entry first waits, for less than a second, in a journal file on the server, so that none is lost if the server stops.',
      rule: { kind: 'afterDays', path: 'at', days: 365 },
    },
    onErasure: 'Entries about the deleted student are deleted; entries by a deleted teacher or admin stay with their role, the person shown as "Deleted user".',
    export: {
      included: true,
      how: 'For a student, the entries about them: who (name and role; a classmate who listened is not named), what and when — not the IP address.',
      omit: ['ip'],
      names: ['actorId'],
      namelessWhen: { what: 'peer_listen' },
    },
  },
  {
    model: 'AccessLogWindow',
    label: 'Access log: open readings',
    purpose: 'To write one access-log entry when a teacher or an admin plays a student’s recording or downloads their export, not one for each part a player or a download asks for.',
    personalData: [
      { path: 'actorId', description: 'Who read the file' },
      { path: 'subjectId', description: 'The student whose file it is' },
      { path: 'resourceId', description: 'Which recording or export' },
      { path: 'until', description: 'Ten minutes after the logged reading' },
    ],
    owners: [
      { path: 'subjectId', role: 'subject', onErasure: 'delete' },
      { path: 'actorId', role: 'actor', onErasure: 'delete' },
    ],
    whoCanSee: 'Nobody on screen; the server uses it.',
    retention: { text: 'Ten minutes; removed by the daily retention job once they have passed.', rule: { kind: 'until', path: 'until' } },
    onErasure: 'Deleted, for the student and for the person who read.',
    export: { included: false, how: 'Not included: the access log itself is.' },
  },
  {
    model: 'RetentionRun',
    label: 'Retention runs',
    purpose: 'To make sure one server process runs each day’s retention job, and to record what it removed.',
    personalData: [],
    owners: [],
    whoCanSee: 'Nobody on screen; the server uses it.',
    retention: { text: 'Kept while the server runs.' },
    onErasure: 'Not personal data: unchanged.',
    export: { included: false, how: 'Not personal data.' },
  },
  {
    model: 'BackupRun',
    label: 'Backup runs',
    purpose: 'To show admins how the latest backup went and make sure one process takes each scheduled backup.',
    personalData: [{ path: 'by', description: 'The admin who pressed "Back up now"' }],
    owners: [{ path: 'by', role: 'actor', onErasure: 'detach' }],
    whoCanSee: 'Admins.',
    retention: { text: 'Kept while the server runs.' },
    onErasure: 'Kept; a deleted admin is no longer named as the one who started it.',
    export: { included: false, how: 'Not included: the school’s, not the person’s.' },
  },
  {
    model: 'PrivacyExport',
    label: 'Data exports',
    purpose: 'To give a person a copy of their data ("Download my data") and keep it for them to download.',
    personalData: [
      { path: 'subjectId', description: 'Whose data it holds' },
      { path: 'requestedBy', description: 'Who asked for it: the person or an admin' },
      { path: 'file', description: 'The archive: a copy of the person’s data and files' },
      { path: 'createdAt', description: 'When it was asked for' },
    ],
    owners: [
      { path: 'subjectId', role: 'subject', onErasure: 'delete' },
      { path: 'requestedBy', role: 'actor', onErasure: 'detach' },
    ],
    whoCanSee: 'The person and admins.',
    retention: { text: '7 days, then removed with its archive.', rule: { kind: 'until', path: 'expiresAt' } },
    onErasure: 'Deleted; its archive is removed by the next sweep of exports (within an hour).',
    export: { included: true, how: 'When earlier exports were asked for, without their archives.', omit: ['file'] },
  },
  {
    model: 'ServerSecret',
    label: 'Server keys',
    purpose: 'To sign the cookies that remember a trusted device.',
    personalData: [],
    owners: [],
    whoCanSee: 'Nobody; the server uses it.',
    retention: { text: 'Kept while the server runs.' },
    onErasure: 'Not personal data: unchanged.',
    export: { included: false, how: 'Not personal data.' },
  },
];

/**
 * Data Oracy derives from the stored collections on every read and never stores
 * (docs/personal-data.md#derived-data): nothing to erase, retain or export on its own — it goes
 * with the records it is computed from.
 */
export interface DerivedData {
  /** plain words, e.g. "Badges" */
  label: string;
  /** why it is shown */
  purpose: string;
  /** the models it is computed from */
  from: readonly string[];
  /** who can see it, in plain words */
  whoCanSee: string;
  /** where its rules are, for the documentation */
  rules: string;
}

/** Every kind of derived data that is about a person. */
export const DERIVED_DATA: readonly DerivedData[] = [
  {
    label: 'Badges',
    purpose: 'To encourage a student to practise: "First take", "Five takes", "Reviewed", "Self-assessed twice" and "Level up", each earned or not, with when.',
    from: ['Recording', 'Feedback', 'Assessment'],
    whoCanSee: 'The student, on their profile; admins through the profile call.',
    rules: '`api/src/dashboards/badges.ts` ([Badges](product.md#badges))',
  },
  {
    label: 'Profile figures',
    purpose:
      'To show a student the share of their assignments they completed, and a teacher their courses and the share of the assignments handed out in them that their students completed.',
    from: ['Enrollment', 'Assignment', 'AssignmentCompletion', 'Course'],
    whoCanSee: 'The person, on their profile; admins through the profile call.',
    rules: '`api/src/people/profile.ts` ([Teacher and student profiles](product.md#teacher-and-student-profiles))',
  },
];

/** The entry of `model`, or undefined. */
export function entryOf(model: string): RegisterEntry | undefined {
  return PRIVACY_REGISTER.find((entry) => entry.model === model);
}

/** The MongoDB collection of an entry's model, e.g. `recordings`. @throws when the model is not registered with Mongoose */
export function collectionOf(entry: RegisterEntry): string {
  return mongoose.model(entry.model).collection.collectionName;
}

/** `id` as stored at a path of `idType`. */
export function storedId(id: Types.ObjectId | string, idType: IdType = 'objectId'): Types.ObjectId | string {
  return idType === 'string' ? String(id).toLowerCase() : new Types.ObjectId(String(id));
}

/** A filter matching the records whose `owner.path` names `userId`. */
export function ownerFilter(owner: OwnerPath, userId: Types.ObjectId | string): Record<string, unknown> {
  return { [owner.path]: storedId(userId, owner.idType) };
}

/** What one model holds of a person: the entry, a filter per owner path, and one filter for them all. */
export interface PersonEntry {
  entry: RegisterEntry;
  /** one per owner path */
  owners: readonly { owner: OwnerPath; filter: Record<string, unknown> }[];
  /** every record that names the person at any owner path */
  filter: Record<string, unknown>;
  /** every record the person is the subject of (`{_id: {$in: []}}` matches nothing when none) */
  subjectFilter: Record<string, unknown>;
}

/** A filter that matches nothing, on MongoDB and the embedded database alike. */
const NOTHING = { _id: { $in: [] } } as const;

/** `$or` of some filters, or one filter alone, or `NOTHING`. */
function anyOf(filters: readonly Record<string, unknown>[]): Record<string, unknown> {
  if (filters.length === 0) return { ...NOTHING };
  return filters.length === 1 ? filters[0]! : { $or: [...filters] };
}

/**
 * For every model that can name a person (an entry with owner paths), the filters that find
 * that person's records: per owner path, all of them, and those they are the subject of. The
 * exports ("download my data") and retention read these; erasure applies each owner path's
 * `onErasure`.
 * @param userId 24 hex digits or an ObjectId
 */
export function entriesFor(userId: Types.ObjectId | string): PersonEntry[] {
  return PRIVACY_REGISTER.filter((entry) => entry.owners.length > 0).map((entry) => {
    const owners = entry.owners.map((owner) => ({ owner, filter: ownerFilter(owner, userId) }));
    return {
      entry,
      owners,
      filter: anyOf(owners.map((o) => o.filter)),
      subjectFilter: anyOf(owners.filter((o) => o.owner.role === 'subject').map((o) => o.filter)),
    };
  });
}

/** The entries whose `linked` paths point at `model`, with the path. */
export function linksTo(model: string): { entry: RegisterEntry; link: LinkedPath }[] {
  return PRIVACY_REGISTER.flatMap((entry) => (entry.linked ?? []).filter((link) => link.model === model).map((link) => ({ entry, link })));
}
