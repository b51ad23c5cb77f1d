import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded.js';
import { mulberry32 } from '../../test/random.js';

const { MongoClient, ObjectId, BSON } = mongoose.mongo;
type Db = mongoose.mongo.Db;
type Cursor = mongoose.mongo.FindCursor<SessionDoc>;
type ObjectIdType = mongoose.mongo.ObjectId;

/** Seed of the whole schedule: the same steps, in the same order for each client, every run. */
const SEED = 20261127;
/** Concurrent clients, each a MongoClient of its own (its own connections to the server). */
const CLIENTS = 6;
/** Connections each client keeps open: a write and the read after it may go over different ones. */
const POOL = 3;
/** Steps per client. */
const STEPS = 30;
/** Users per client; each client writes only its own users' sessions, so it knows what every read must answer. */
const USERS = 3;

/**
 * A session-like document, as the app's sign-in sessions (`auth/sessionModel.ts`): a token hash
 * read by equality, a user, dates, and a field that holds an array in some documents.
 */
interface SessionDoc {
  _id: ObjectIdType;
  tokenHash: string;
  userId: ObjectIdType;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The step that wrote it: a sort key, unique within a client. */
  n: number;
  /** An array in some documents: equality on `kind` among a user's sessions then goes back to FerretDB's Go path. */
  kind?: string | string[];
}

/** What one client's schedule saw: every answer in order, every read that missed a write before it, and the kinds of step it ran. */
interface Outcome {
  answers: string[];
  missed: string[];
  kinds: Set<string>;
}

/** Every kind of step of `schedule`; the seed must run each at least once. */
const KINDS = ['sign-in', 'touch', 'sign-out', 'password change', 'pages', 'go path', 'cursor', 'errors', 'cursor ends'] as const;

const canonical = (value: unknown) => BSON.EJSON.stringify(value, { relaxed: false });

/** An ObjectId made of a client, a kind and a number: the same ids every run. */
function objectId(client: number, kind: number, n: number): ObjectIdType {
  return new ObjectId(`${client.toString(16).padStart(8, '0')}${kind.toString(16).padStart(4, '0')}${n.toString(16).padStart(12, '0')}`);
}

/** The page of `userId`'s sessions, latest use first, from a client's own record of its documents. */
function page(docs: SessionDoc[], userId: ObjectIdType, skip: number, limit: number): SessionDoc[] {
  return docs
    .filter((doc) => doc.userId.equals(userId))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b._id.toHexString().localeCompare(a._id.toHexString()))
    .slice(skip, skip + limit);
}

/**
 * One client's seeded schedule: writes (insert, update, delete), each followed at once by reads that
 * must see it — equality on the token hash, a sorted page, counts, and after a password change the
 * same reads from every client at once, so that they run on many of the server's SQLite connections —
 * mixed with reads that go back to the Go path (an operator, a sort without the `_id` tie-breaker, a
 * field holding an array), errors (a duplicate key, an unknown operator) and cursors closed before
 * their end or left open across later steps.
 * @param dbs one database handle per client; `dbs[client]` is this client's own
 */
async function schedule(dbs: Db[], client: number): Promise<Outcome> {
  const random = mulberry32(SEED + client);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const db = dbs[client]!;
  const coll = db.collection<SessionDoc>('sessions');
  const users = Array.from({ length: USERS }, (_, u) => objectId(client, 1, u));
  const docs: SessionDoc[] = [];
  const open: Cursor[] = [];
  const outcome: Outcome = { answers: [], missed: [], kinds: new Set() };
  const t0 = Date.UTC(2026, 10, 27);

  const expectSame = (step: number, what: string, got: unknown, want: unknown) => {
    outcome.answers.push(`${step} ${what} ${canonical(got)}`);
    if (canonical(got) !== canonical(want)) outcome.missed.push(`client ${client} step ${step} ${what}:\n  got  ${canonical(got).slice(0, 300)}\n  want ${canonical(want).slice(0, 300)}`);
  };
  const own = (userId: ObjectIdType) => docs.filter((doc) => doc.userId.equals(userId));
  // After each write: the token, the user's first page and their count, all through the pushdown.
  const readBack = async (step: number, userId: ObjectIdType, tokenHash: string) => {
    expectSame(step, 'findOne tokenHash', await coll.findOne({ tokenHash }), docs.find((doc) => doc.tokenHash === tokenHash) ?? null);
    expectSame(step, 'page', await coll.find({ userId }).sort({ lastSeenAt: -1, _id: -1 }).limit(4).toArray(), page(docs, userId, 0, 4));
    expectSame(step, 'countDocuments', await coll.countDocuments({ userId }), own(userId).length);
  };
  const session = (step: number, userId: ObjectIdType, extra: Partial<SessionDoc> = {}): SessionDoc => ({
    _id: objectId(client, 2, step),
    tokenHash: createHash('sha256').update(`${SEED}-${client}-${step}`).digest('hex'),
    userId,
    lastSeenAt: new Date(t0 + Math.floor(random() * 50) * 1000),
    expiresAt: new Date(t0 + 86400000),
    n: step,
    ...extra,
  });

  for (let step = 0; step < STEPS; step++) {
    const r = random();
    const userId = pick(users);
    const mine = own(userId);
    const kind = mine.length === 0 || r < 0.25 ? 'sign-in' : KINDS[1 + Math.floor(((r - 0.25) / 0.75) * (KINDS.length - 1))]!;
    outcome.kinds.add(kind);
    switch (kind) {
      case 'sign-in': {
        // some sessions carry an array in `kind`, which sends equality on it among this user's sessions to Go
        const doc = session(step, userId, random() < 0.2 ? { kind: random() < 0.5 ? ['a', 'b'] : 'a' } : {});
        await coll.insertOne({ ...doc });
        docs.push(doc);
        await readBack(step, userId, doc.tokenHash);
        break;
      }
      case 'touch': {
        // a use recorded, as the app writes lastSeenAt
        const doc = pick(mine);
        doc.lastSeenAt = new Date(doc.lastSeenAt.getTime() + 1000 + Math.floor(random() * 60) * 1000);
        await coll.updateOne({ _id: doc._id }, { $set: { lastSeenAt: doc.lastSeenAt } });
        await readBack(step, userId, doc.tokenHash);
        break;
      }
      case 'sign-out': {
        const doc = pick(mine);
        await coll.deleteOne({ tokenHash: doc.tokenHash });
        docs.splice(docs.indexOf(doc), 1);
        await readBack(step, userId, doc.tokenHash);
        break;
      }
      case 'password change': {
        // every session of the user ends and a new one starts; every client then reads the new one at once
        await coll.deleteMany({ userId });
        for (const doc of mine) docs.splice(docs.indexOf(doc), 1);
        await readBack(step, userId, mine[0]!.tokenHash);
        const doc = session(step, userId);
        await coll.insertOne({ ...doc });
        docs.push(doc);
        const seen = await Promise.all(dbs.map((other) => other.collection<SessionDoc>('sessions').findOne({ tokenHash: doc.tokenHash })));
        expectSame(
          step,
          'findOne from every client',
          seen,
          dbs.map(() => doc),
        );
        const counted = await Promise.all(dbs.map((other) => other.collection<SessionDoc>('sessions').countDocuments({ userId })));
        expectSame(
          step,
          'countDocuments from every client',
          counted,
          dbs.map(() => 1),
        );
        break;
      }
      case 'pages': {
        // a later page and the count command, through the pushdown
        const skip = Math.floor(random() * 4);
        const limit = 1 + Math.floor(random() * 4);
        expectSame(step, 'page skip', await coll.find({ userId }).sort({ lastSeenAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(), page(docs, userId, skip, limit));
        expectSame(step, 'count', (await db.command({ count: 'sessions', query: { userId } })).n, mine.length);
        break;
      }
      case 'go path': {
        // an operator, a sort without the tie-breaker, equality on a field that holds an array
        expectSame(
          step,
          '$gte',
          await coll
            .find({ userId, n: { $gte: 0 } })
            .sort({ n: 1 })
            .toArray(),
          [...mine].sort((a, b) => a.n - b.n),
        );
        const kinds = mine.filter((doc) => doc.kind === 'a' || (Array.isArray(doc.kind) && doc.kind.includes('a')));
        expectSame(
          step,
          'kind',
          await coll.find({ userId, kind: 'a' }).sort({ _id: 1 }).toArray(),
          [...kinds].sort((a, b) => a._id.toHexString().localeCompare(b._id.toHexString())),
        );
        expectSame(step, 'kind count', await coll.countDocuments({ userId, kind: 'a' }), kinds.length);
        break;
      }
      case 'cursor': {
        // a cursor read in part: closed now, or left open (its SQLite statement with it) and ended later
        const all = random() < 0.5;
        const cursor = coll.find(all ? {} : { userId }, { batchSize: 1 }).sort(random() < 0.5 ? { lastSeenAt: -1, _id: -1 } : { _id: 1 });
        const first = await cursor.next();
        if (!all) expectSame(step, 'cursor', first !== null, mine.length > 0);
        if (random() < 0.5) await cursor.close();
        else open.push(cursor);
        await readBack(step, userId, pick(mine).tokenHash);
        break;
      }
      case 'errors': {
        // a duplicate token hash (the unique index), an unknown operator; then the reads as after a write
        const doc = pick(mine);
        const duplicate = await coll.insertOne({ ...doc, _id: objectId(client, 3, step) }).then(
          () => 'inserted',
          (err: { code?: number }) => `error ${err.code}`,
        );
        expectSame(step, 'duplicate', duplicate, 'error 11000');
        const unknown = await coll
          .find({ userId, n: { $nope: 1 } } as never)
          .toArray()
          .then(
            () => 'answered',
            () => 'error',
          );
        expectSame(step, 'unknown operator', unknown, 'error');
        await readBack(step, userId, doc.tokenHash);
        break;
      }
      case 'cursor ends': {
        // an open cursor is closed, or read to its end
        const cursor = open.shift();
        if (cursor && random() < 0.5) await cursor.close();
        else if (cursor) await cursor.toArray();
        await readBack(step, userId, pick(mine).tokenHash);
        break;
      }
    }
  }
  await Promise.all(open.map((cursor) => cursor.close()));
  return outcome;
}

/** Runs every client's schedule at once against `uri`; returns their outcomes and the whole collection at the end. */
async function runAll(uri: string): Promise<{ outcomes: Outcome[]; final: string }> {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new MongoClient(uri, { maxPoolSize: POOL, minPoolSize: POOL });
      await client.connect();
      return client;
    }),
  );
  try {
    const dbs = clients.map((client) => client.db('concurrency'));
    const coll = dbs[0]!.collection('sessions');
    // the app's indexes of the sessions, and one for the pages' sort
    await coll.createIndex({ tokenHash: 1 }, { unique: true });
    await coll.createIndex({ userId: 1 });
    await coll.createIndex({ userId: 1, lastSeenAt: -1, _id: -1 });
    const outcomes = await Promise.all(clients.map((_, n) => schedule(dbs, n)));
    return { outcomes, final: canonical(await coll.find({}).sort({ _id: 1 }).toArray()) };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

// Concurrent clients that write and read back at once, the pushdown on and off (DEVDB_PUSHDOWN): every
// read sees every write acknowledged before it, and both servers answer the same schedule alike.
describe.skipIf(Boolean(process.env.TEST_MONGODB_URI))('pushdown of the embedded database under concurrent clients (docs/architecture.md#the-embedded-database)', () => {
  const servers: EmbeddedMongo[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    for (const pushdown of [true, false]) {
      const dataDir = mkdtempSync(join(tmpdir(), `oracy-pushdown-concurrency-${pushdown ? 'on' : 'off'}-`));
      folders.push(dataDir);
      servers.push(await startEmbeddedMongo({ dataDir, pushdown }));
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it(`${CLIENTS} clients × ${STEPS} steps: every read sees the writes before it, with the pushdown on and off alike`, async () => {
    const on = await runAll(servers[0]!.uri);
    const off = await runAll(servers[1]!.uri);
    expect(on.outcomes.flatMap((outcome) => outcome.missed).join('\n'), 'pushdown on').toBe('');
    expect(off.outcomes.flatMap((outcome) => outcome.missed).join('\n'), 'pushdown off').toBe('');
    expect(new Set(on.outcomes.flatMap((outcome) => [...outcome.kinds]))).toEqual(new Set(KINDS));
    for (let client = 0; client < CLIENTS; client++) expect(on.outcomes[client]!.answers, `client ${client}`).toEqual(off.outcomes[client]!.answers);
    expect(on.final).toBe(off.final);
  }, 60000);
});
