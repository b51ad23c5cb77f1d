import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { stringify } from 'csv-stringify';
import { SAFE_CSV_CAST } from '../platform/csvCell.js';
import type { Types } from 'mongoose';
import { Course } from '../courses/courseModel.js';
import { Enrollment } from '../courses/enrollmentModel.js';
import { ROLES, type Role } from '../auth/roles.js';
import { User, type OracyLevel } from '../people/userModel.js';
import type { ExportType } from './exportSchema.js';

/**
 * One user in the export file (docs/product.md#export-file): id, name, email, role (1–3)
 * and creation date (ISO 8601, UTC); for a student, also their latest self-assessment's level,
 * mean and four strand scores (two decimals) and when it was made (docs/product.md#the-schools-oracy) —
 * null (an empty CSV cell) for a student never assessed and for everyone else; then first and last
 * name and the titles of the courses a student is enrolled in (empty for others), so that the file
 * can be read back into a school.
 */
export interface ExportRecord {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: string;
  oracyLevel: OracyLevel | null;
  oracyMean: number | null;
  linguistic: number | null;
  cognitive: number | null;
  socialEmotional: number | null;
  physical: number | null;
  lastAssessedAt: string | null;
  firstName: string;
  lastName: string;
  /** course titles in enrollment order; in the CSV one cell, joined by `; ` */
  courses: string[];
}

/** The CSV header row, in column order. */
export const EXPORT_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'createdAt',
  'oracyLevel',
  'oracyMean',
  'linguistic',
  'cognitive',
  'socialEmotional',
  'physical',
  'lastAssessedAt',
  'firstName',
  'lastName',
  'courses',
] as const satisfies readonly (keyof ExportRecord)[];

/** Users fetched from the database per round trip. */
const BATCH_SIZE = 500;

type ExportedUser = {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  role: number;
  createdAt?: Date;
  oracy?: { latest?: { level: OracyLevel; mean: number; submittedAt: Date; strands: Record<'linguistic' | 'cognitive' | 'socialEmotional' | 'physical', number> } | null } | null;
};

/** The records of one batch of users, with the course titles of its students (one query for their enrollments). */
async function recordsOf(users: readonly ExportedUser[], titles: ReadonlyMap<string, string>): Promise<ExportRecord[]> {
  const students = users.filter((user) => user.role === ROLES.student).map((user) => user._id);
  const enrollments = students.length
    ? await Enrollment.find({ studentId: { $in: students } }, { studentId: 1, courseId: 1 })
        .sort({ createdAt: 1, _id: 1 })
        .lean()
    : [];
  const coursesOf = new Map<string, string[]>();
  for (const { studentId, courseId } of enrollments) {
    const title = titles.get(String(courseId));
    if (title !== undefined) coursesOf.set(String(studentId), [...(coursesOf.get(String(studentId)) ?? []), title]);
  }
  return users.map((user) => {
    const latest = user.role === ROLES.student ? user.oracy?.latest : null;
    return {
      id: String(user._id),
      name: user.name,
      email: user.email,
      role: user.role as Role,
      createdAt: user.createdAt instanceof Date ? user.createdAt.toISOString() : '',
      oracyLevel: latest?.level ?? null,
      oracyMean: latest?.mean ?? null,
      linguistic: latest?.strands.linguistic ?? null,
      cognitive: latest?.strands.cognitive ?? null,
      socialEmotional: latest?.strands.socialEmotional ?? null,
      physical: latest?.strands.physical ?? null,
      lastAssessedAt: latest ? latest.submittedAt.toISOString() : null,
      firstName: user.firstName,
      lastName: user.lastName,
      courses: coursesOf.get(String(user._id)) ?? [],
    };
  });
}

/**
 * Every user, oldest first, a batch at a time from a database cursor: memory use
 * stays at one batch (and the course titles) however many users there are. The cursor closes when
 * the consumer stops early (a client that disconnects).
 */
export async function* exportRecords(): AsyncGenerator<ExportRecord> {
  const courses = await Course.find({}, { title: 1 }).lean();
  const titles = new Map(courses.map((course) => [String(course._id), course.title]));
  const cursor = User.find({}, { firstName: 1, lastName: 1, name: 1, email: 1, role: 1, createdAt: 1, oracy: 1 }).sort({ _id: 1 }).lean<ExportedUser[]>().cursor({ batchSize: BATCH_SIZE });
  try {
    let batch: ExportedUser[] = [];
    for await (const user of cursor) {
      batch.push(user);
      if (batch.length < BATCH_SIZE) continue;
      yield* await recordsOf(batch, titles);
      batch = [];
    }
    if (batch.length > 0) yield* await recordsOf(batch, titles);
  } finally {
    await cursor.close();
  }
}

/** The records as JSON text: an array of objects, one per line. */
async function* jsonChunks(records: AsyncIterable<ExportRecord>): AsyncGenerator<Buffer> {
  let first = true;
  yield Buffer.from('[');
  for await (const record of records) {
    yield Buffer.from(`${first ? '\n' : ',\n'}${JSON.stringify(record)}`);
    first = false;
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

/** The records as the CSV holds them: the course titles in one cell, joined by `; `. */
async function* csvRows(records: AsyncIterable<ExportRecord>): AsyncGenerator<Omit<ExportRecord, 'courses'> & { courses: string }> {
  for await (const record of records) yield { ...record, courses: record.courses.join('; ') };
}

/**
 * The user export as a byte stream (docs/product.md#clarified-behaviour: streamed, never
 * the whole file in memory): CSV with a header row written by
 * `csv-stringify` (RFC 4180 quoting), or a JSON array of `ExportRecord`s.
 * A database failure half-way errors the stream, which aborts the response.
 */
export function exportStream(fileType: ExportType): WebReadableStream<Uint8Array> {
  if (fileType === 'json') return Readable.toWeb(Readable.from(jsonChunks(exportRecords()), { objectMode: false })) as WebReadableStream<Uint8Array>;

  const source = Readable.from(csvRows(exportRecords()));
  const csv = stringify({
    header: true,
    columns: [...EXPORT_COLUMNS],
    cast: SAFE_CSV_CAST,
  });
  // pipeline destroys both sides on an error or an early close; the error then reaches the response stream.
  pipeline(source, csv, () => undefined);
  return Readable.toWeb(csv) as WebReadableStream<Uint8Array>;
}

/** `Content-Type` per export type (docs/product.md#clarified-behaviour). */
export const EXPORT_CONTENT_TYPES: Record<ExportType, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The download's file name per export type (docs/product.md#settings, docs/product.md#clarified-behaviour). */
export const EXPORT_FILE_NAMES: Record<ExportType, string> = {
  csv: 'user_data.csv',
  json: 'user_data.json',
};
