import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded.js';
import { mulberry32 } from '../test/random.js';

const { MongoClient, ObjectId, Int32, Long, Double, Binary, BSON } = mongoose.mongo;
type Db = mongoose.mongo.Db;
type Doc = Record<string, unknown>;

/** Seed of the whole run: the same collections and queries every time. */
const SEED = 20261127;
/** Documents per collection. */
const DOCS = 160;
/** Random queries per collection, each run on both servers. */
const QUERIES = 600;

/** A seeded generator, 0 ≤ n < 1. */
const generator = mulberry32;

/** Strings that sort differently as JSON text, bytes or locale: prefixes, spaces, escapes, non-ASCII. */
const STRINGS = ['Ann', 'Ann Smith', 'Ann!', 'ann', 'Ánn', 'Zoë', 'zoe', '', ' ', 'a"b', 'a\\b', 'a<b&c>', 'line\nbreak', 'tab\tx', '\u2028', '日本', '😀', 'a\u0000b', 'Bob', 'bob', '10', '9'];
const OBJECT_IDS = Array.from({ length: 6 }, (_, n) => new ObjectId(`64a0000000000000000000${String(n).padStart(2, '0')}`));
const DATES = [new Date(0), new Date(-86400000), new Date('2026-11-27T10:00:00.000Z'), new Date('2026-11-27T10:00:00.001Z'), new Date('2030-01-01T00:00:00Z')];
const NUMBERS = [new Int32(0), new Int32(1), new Int32(-5), new Int32(10), new Long(1), new Long('9007199254740993'), new Double(1), new Double(2.5), new Double(-0.5), new Double(1e21)];

interface Shape {
  /** Only values whose order SQL keeps (no arrays, objects or binary data): the pushdown applies. */
  clean: boolean;
  /** Some _id values are strings or numbers instead of ObjectIds (with `clean: false`, binary and objects too). */
  mixedIds: boolean;
  /** The indexes the app would have on these fields. */
  indexed: boolean;
}

const SHAPES: Shape[] = [
  { clean: true, mixedIds: false, indexed: true },
  { clean: true, mixedIds: true, indexed: false },
  { clean: false, mixedIds: false, indexed: true },
  { clean: false, mixedIds: true, indexed: true },
];

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

/** A scalar of any type the pushdown orders, or (not clean) also an array, an object or binary data. */
function value(random: () => number, clean: boolean): unknown {
  const r = random();
  if (!clean && r < 0.12) return pick(random, [[pick(random, STRINGS), pick(random, STRINGS)], [], [pick(random, NUMBERS)], { a: pick(random, STRINGS) }, new Binary(Buffer.from([1, 2, 3]))]);
  if (r < 0.45) return pick(random, STRINGS);
  if (r < 0.6) return pick(random, NUMBERS);
  if (r < 0.7) return pick(random, DATES);
  if (r < 0.78) return pick(random, OBJECT_IDS);
  if (r < 0.84) return random() < 0.5;
  if (r < 0.92) return null;
  return undefined;
}

function makeDocs(random: () => number, shape: Shape): Doc[] {
  return Array.from({ length: DOCS }, (_, n) => {
    const doc: Doc = {};
    if (shape.mixedIds && random() < 0.3) {
      doc._id = !shape.clean && random() < 0.2 ? pick(random, [new Binary(Buffer.from([n])), { n }]) : pick(random, [`id-${n}`, new Int32(n), new Date(n)]);
    } else {
      doc._id = new ObjectId();
    }
    // s: anything (the sorted field of the users page); k: few values (equality filters); t: mostly dates
    const s = value(random, shape.clean);
    if (s !== undefined) doc.s = s;
    const k = random() < 0.9 ? pick(random, [...STRINGS.slice(0, 4), ...OBJECT_IDS.slice(0, 2), true, new Int32(1), DATES[2]]) : value(random, shape.clean);
    if (k !== undefined) doc.k = k;
    if (!shape.clean && random() < 0.1) doc.k = [pick(random, STRINGS.slice(0, 4)), pick(random, OBJECT_IDS.slice(0, 2))];
    const t = random() < 0.85 ? pick(random, DATES) : value(random, shape.clean);
    if (t !== undefined) doc.t = t;
    doc.n = pick(random, NUMBERS);
    return doc;
  });
}

type Query =
  | { op: 'find'; filter: Doc; sort?: Doc; skip?: number; limit?: number }
  | { op: 'countDocuments'; filter: Doc }
  | { op: 'count'; filter: Doc; skip?: number; limit?: number }
  | { op: 'aggregateCount'; filter: Doc };

function makeFilter(random: () => number, docs: Doc[]): Doc {
  const equal = (field: string) => (random() < 0.8 ? (pick(random, docs)[field] ?? pick(random, STRINGS)) : value(random, true));
  const parts: Doc[] = [
    {},
    { k: equal('k') },
    { k: { $eq: equal('k') } },
    { s: equal('s') },
    { t: equal('t') },
    { _id: pick(random, docs)._id },
    { k: equal('k'), t: equal('t') },
    { k: equal('k'), n: { $gt: new Int32(0) } },
    { k: null },
    { 'k.a': 'x' },
    { k: equal('k'), s: { $in: [pick(random, STRINGS), pick(random, STRINGS)] } },
  ];
  const filter = pick(random, parts);
  for (const [key, v] of Object.entries(filter)) if (v === undefined) delete filter[key];
  return filter;
}

function makeQuery(random: () => number, docs: Doc[]): Query {
  const filter = makeFilter(random, docs);
  const r = random();
  if (r < 0.12) return { op: 'countDocuments', filter };
  if (r < 0.2) return { op: 'count', filter, ...(random() < 0.3 ? { skip: Math.floor(random() * 20) } : {}), ...(random() < 0.3 ? { limit: 1 + Math.floor(random() * 20) } : {}) };
  if (r < 0.26) return { op: 'aggregateCount', filter };
  const direction = () => (random() < 0.5 ? 1 : -1);
  const sorts: (Doc | undefined)[] = [
    undefined,
    { s: direction(), _id: direction() },
    { t: direction(), _id: direction() },
    { n: direction(), _id: direction() },
    { k: direction(), _id: direction() },
    { _id: direction() },
    { s: direction() },
  ];
  const sort = pick(random, sorts);
  return {
    op: 'find',
    filter,
    ...(sort ? { sort } : {}),
    ...(random() < 0.4 ? { skip: Math.floor(random() * 40) } : {}),
    ...(random() < 0.7 ? { limit: 1 + Math.floor(random() * 30) } : {}),
  };
}

async function run(db: Db, collection: string, query: Query): Promise<unknown> {
  const coll = db.collection(collection);
  switch (query.op) {
    case 'find':
      return coll.find(query.filter, { ...(query.sort ? { sort: query.sort as mongoose.mongo.Sort } : {}), skip: query.skip ?? 0, limit: query.limit ?? 0 }).toArray();
    case 'countDocuments':
      return coll.countDocuments(query.filter);
    case 'count':
      return (await db.command({ count: collection, query: query.filter, ...(query.skip ? { skip: query.skip } : {}), ...(query.limit ? { limit: query.limit } : {}) })).n;
    case 'aggregateCount':
      return coll.aggregate([{ $match: query.filter }, { $count: 'total' }]).toArray();
  }
}

/** Canonical Extended JSON: types (int, long, double, date…) and order are compared, not only values. */
const canonical = (value: unknown) => BSON.EJSON.stringify(value, { relaxed: false });

// Two embedded databases from one build: the pushdown on and off (DEVDB_PUSHDOWN); the pushdown must never change an answer.
describe.skipIf(Boolean(process.env.TEST_MONGODB_URI))('pushdown of the embedded database (docs/architecture.md#the-embedded-database)', () => {
  const servers: EmbeddedMongo[] = [];
  const clients: mongoose.mongo.MongoClient[] = [];
  const folders: string[] = [];
  let on: Db;
  let off: Db;

  beforeAll(async () => {
    for (const pushdown of [true, false]) {
      const dataDir = mkdtempSync(join(tmpdir(), `oracy-pushdown-${pushdown ? 'on' : 'off'}-`));
      folders.push(dataDir);
      const server = await startEmbeddedMongo({ dataDir, pushdown });
      servers.push(server);
      const client = new MongoClient(server.uri, { promoteValues: false });
      await client.connect();
      clients.push(client);
    }
    on = clients[0]!.db('pushdown');
    off = clients[1]!.db('pushdown');
    const random = generator(SEED);
    for (const [n, shape] of SHAPES.entries()) {
      const docs = makeDocs(random, shape);
      for (const db of [on, off]) {
        const coll = db.collection(`c${n}`);
        if (shape.indexed) {
          await coll.createIndex({ s: 1, _id: 1 });
          await coll.createIndex({ t: -1, _id: -1 });
          await coll.createIndex({ k: 1, t: -1, _id: -1 });
        }
        await coll.insertMany(docs.map((doc) => ({ ...doc })));
      }
    }
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(servers.map((server) => server.stop()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it(`answers ${SHAPES.length * QUERIES} random finds and counts exactly as without it, in the same order`, async () => {
    const random = generator(SEED + 1);
    const failures: string[] = [];
    for (const [n, shape] of SHAPES.entries()) {
      const collection = `c${n}`;
      const docs = await off.collection<Doc>(collection).find({}).toArray();
      for (let i = 0; i < QUERIES; i++) {
        const query = makeQuery(random, docs);
        const [mine, theirs] = await Promise.all([run(on, collection, query), run(off, collection, query)]);
        if (canonical(mine) !== canonical(theirs) && failures.length < 5) {
          failures.push(`${collection} ${JSON.stringify(shape)} ${canonical(query)}\n  on:  ${canonical(mine).slice(0, 400)}\n  off: ${canonical(theirs).slice(0, 400)}`);
        }
      }
    }
    expect(failures.join('\n')).toBe('');
  }, 120000);

  it('pushes the sort, the page and the count down where the data allows it, and not where it does not', async () => {
    const explain = async (collection: string, command: Doc) => on.command({ explain: { [command.aggregate ? 'aggregate' : 'find']: collection, ...command } });
    const page = { filter: { k: 'Ann' }, sort: { t: -1, _id: -1 }, skip: new Long(2), limit: new Long(5) };
    const clean = await explain('c0', page);
    expect([clean.sortPushdown, clean.limitPushdown]).toEqual([true, true]);
    const plan = (clean.queryPlanner as { Plan: string[] }).Plan.join('\n');
    expect(plan).toMatch(/SEARCH c0_\S+ USING INDEX c0_\S+_k_1_t_-1__id_-1/);
    expect(plan).not.toMatch(/TEMP B-TREE/);

    // a filter SQLite cannot apply exactly ($in) leaves the sort to Go
    const partial = await explain('c0', { ...page, filter: { k: 'Ann', s: { $in: ['Ann'] } } });
    expect(partial.sortPushdown).toBe(false);

    // an array among the values: the flag of the statement sends the query to Go, with the same answer as above
    const arrays = await off.collection('c2').countDocuments({ k: { $type: 'array' } });
    expect(Number(arrays)).toBeGreaterThan(0);
  });
});
