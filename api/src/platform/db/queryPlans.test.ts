import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { listMessagePage } from '../../chat/messages.js';
import { studentProfile, schoolOverview, teacherOverview } from '../../oracy/queries.js';
import { refreshOracySummary } from '../../oracy/summary.js';
import { listInstructors, listPeople } from '../../people/service.js';
import { createUser } from '../../test/factories.js';
import { ChatMessage } from '../../chat/messageModel.js';
import { Course } from '../../courses/courseModel.js';
import { Enrollment } from '../../courses/enrollmentModel.js';

/** One read the app sent: collection, command and its filter, sort, skip and limit. */
interface Read {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
}

/** True when `v` is a plain value: a string, number, boolean, date or ObjectId. */
function plain(v: unknown): boolean {
  return !(v instanceof RegExp) && !(v && typeof v === 'object' && !(v instanceof Date) && !mongoose.isObjectIdOrHexString(v));
}

/**
 * True when every value of `filter` is a plain value or an `$in` list of plain values, the equalities and lists the
 * embedded database looks up in an index.
 */
function onlyLookups(filter: Record<string, unknown>): boolean {
  const inList = (v: unknown) =>
    v !== null && typeof v === 'object' && Object.keys(v).length === 1 && Array.isArray((v as { $in?: unknown }).$in) && (v as { $in: unknown[] }).$in.every(plain);
  return Object.entries(filter).every(([key, v]) => !key.startsWith('$') && (plain(v) || inList(v)));
}

/** The SQLite plan of `read` as the embedded database runs it, one line per step. */
async function plan(read: Read): Promise<string[]> {
  const db = mongoose.connection.db!;
  const { Long } = mongoose.mongo;
  const command =
    read.method === 'countDocuments'
      ? { aggregate: read.collection, pipeline: [{ $match: read.filter }, { $group: { _id: 1, n: { $sum: 1 } } }], cursor: {} }
      : {
          find: read.collection,
          filter: read.filter,
          ...(read.sort ? { sort: read.sort } : {}),
          ...(read.skip ? { skip: new Long(read.skip) } : {}),
          ...(read.limit ? { limit: new Long(read.limit) } : {}),
        };
  const explained = await db.command({ explain: command });
  return (explained.queryPlanner as { Plan?: string[] }).Plan ?? [];
}

// The page queries of the users list, the chat history and the Oracy overviews, as the app sends them.
describe.skipIf(Boolean(process.env.TEST_MONGODB_URI))('query plans of the pages on the embedded database (docs/architecture.md#the-embedded-database)', () => {
  afterAll(() => {
    mongoose.set('debug', false);
  });

  it('reads each page through an index: an index search or an ordered index walk cut by the limit, never a table scan, and no sorted page sorts in a temporary B-tree', async () => {
    const teacher = (await createUser({ role: 2, firstName: 'Tess' })).user;
    const students = await Promise.all(['Ann', 'Ann Smith', 'Bob'].map((firstName) => createUser({ role: 3, firstName })));
    const student = students[0]!.user;
    const course = await Course.create({ title: 'Speaking', description: 'A course', instructorId: teacher._id, duration: 6, startDate: new Date(), endDate: new Date() });
    await Enrollment.create(students.map(({ user }) => ({ studentId: user._id, courseId: course._id })));
    await ChatMessage.create(Array.from({ length: 5 }, (_, n) => ({ userId: student._id, senderName: 'Ann', text: `message ${n}`, tempId: `t${n}` })));

    const reads: Read[] = [];
    mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
      if (method !== 'find' && method !== 'countDocuments') return;
      const filter = (args[0] ?? {}) as Record<string, unknown>;
      const options = (args.find((a, i) => i > 0 && a && typeof a === 'object' && ('sort' in a || 'limit' in a || 'skip' in a)) ?? {}) as Omit<Read, 'collection' | 'method' | 'filter'>;
      reads.push({
        collection,
        method,
        filter,
        ...(options.sort ? { sort: options.sort } : {}),
        ...(options.skip ? { skip: options.skip } : {}),
        ...(options.limit ? { limit: options.limit } : {}),
      });
    });
    await listPeople({ page: 2, limit: 10 });
    await listPeople({ page: 1, limit: 10, role: 3 });
    await listPeople({ page: 1, limit: 10, search: 'ann' });
    await listInstructors();
    await listMessagePage(0);
    await listMessagePage(1);
    await studentProfile(student, undefined, Date.now());
    await refreshOracySummary(student._id);
    await teacherOverview(teacher, undefined, Date.now());
    await schoolOverview();
    mongoose.set('debug', false);

    const pages = reads.filter((read) => onlyLookups(read.filter));
    expect(new Set(pages.map((read) => read.collection))).toEqual(new Set(['users', 'chatmessages', 'assessments', 'courses', 'deliveryreports', 'enrollments']));
    // the teacher overview's enrollments of the courses and its students, by $in
    expect(pages.filter((read) => Object.values(read.filter).some((v) => !plain(v))).map((read) => read.collection)).toEqual(['enrollments', 'users']);
    for (const read of pages) {
      const steps = (await plan(read)).join('\n');
      const where = `${read.collection}.${read.method}(${JSON.stringify(read.filter)}, sort ${JSON.stringify(read.sort ?? {})})`;
      expect(steps, where).toMatch(/(SEARCH|SCAN) \S+ USING (COVERING )?INDEX/);
      // a sorted page comes in the index's order; an unsorted read keeps the order of insertion (rowid), as without the pushdown
      if (read.sort) expect(steps, where).not.toMatch(/TEMP B-TREE/);
      // every read of the collection's table goes through an index
      for (const step of steps.split('\n')) expect(step, where).not.toMatch(/\b(SCAN|SEARCH) [a-z]\w*(?! USING)\s*$/);
    }

    // the users page's name search: the substring indexes of name and email, and for the page the matches' row ids sorted by
    // their keys in the name's sort-key table, then only the page's documents read by row id
    const searches = reads.filter((read) => read.collection === 'users' && '$or' in read.filter);
    expect(searches.map((read) => read.method).sort()).toEqual(['countDocuments', 'find']);
    for (const read of searches) {
      const steps = (await plan(read)).join('\n');
      const where = `users.${read.method}(${JSON.stringify(read.filter)})`;
      expect(steps, where).toMatch(/SCAN _ferretdb_fts_users_\w+_name VIRTUAL TABLE/);
      expect(steps, where).toMatch(/SCAN _ferretdb_fts_users_\w+_email VIRTUAL TABLE/);
      for (const step of steps.split('\n')) expect(step, where).not.toMatch(/\b(SCAN|SEARCH) users_\w+\s*$/);
      // the count keeps the distinct row ids of both lists in a temporary B-tree; the page sorts the matches' keys
      if (read.method === 'find') expect(steps, where).toMatch(/SEARCH "?_ferretdb_sk_users_\w+\.name"? USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      if (read.method === 'find') expect(steps, where).toMatch(/SEARCH users_\w+ USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    }
  });
});
