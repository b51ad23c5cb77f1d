import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded.js';
import { mulberry32 } from '../../test/random.js';
import { escapeRegExp } from '../../people/service.js';
import { runDatabaseProgram } from '../../backups/archive.js';

const { MongoClient, ObjectId, Int32, Long, Double, Binary, BSON, BSONRegExp } = mongoose.mongo;
type Db = mongoose.mongo.Db;
type Doc = Record<string, unknown>;

/** Seed of the whole run: the same collections and queries every time. */
const SEED = 20261127;
/** Documents per collection. */
const DOCS = 160;
/** Random queries per collection, each run on both servers. */
const QUERIES = 600;
/** Random writes per collection, each made on both servers, before more queries. */
const WRITES = 40;

/** A seeded generator, 0 ≤ n < 1. */
const generator = mulberry32;

/**
 * Strings that sort differently as JSON text, bytes or locale: prefixes, spaces, escapes, non-ASCII; and
 * strings a case-insensitive search folds in Go: KELVIN SIGN (k), LONG S (s), Turkish dotted and dotless I
 * (neither folds to i), regular-expression metacharacters.
 */
const STRINGS = [
  'Ann',
  'Ann Smith',
  'Ann!',
  'ann',
  'Ánn',
  'Zoë',
  'zoe',
  '',
  ' ',
  'a"b',
  'a\\b',
  'a<b&c>',
  'line\nbreak',
  'tab\tx',
  '\u2028',
  '日本',
  '😀',
  'a\u0000b',
  'Bob',
  'bob',
  '10',
  '9',
  'Mia Kelvin',
  'mia.k@school.test',
  '\u212Aelvin',
  'KELVIN',
  'ſam',
  'SAM',
  'İsmail',
  'ismail',
  'ıi',
  'a.b*c',
  '(x)[y]{z}',
  'a/b$^',
  'MIA',
  'Amia',
  // longer values for the substring index: a NUL inside, folded runes inside words, quotes, repeats
  'Person Mia\u0000Kelvin Smith',
  'ſamuel \u212Aent',
  'Say "hi" \'now\'',
  'aaaaaa',
  "Mia-Rose O'Neil",
  'Élodie Mialon',
];
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
  if (!clean && r < 0.12)
    return pick(random, [
      [pick(random, STRINGS), pick(random, STRINGS)],
      [],
      [pick(random, NUMBERS)],
      { a: pick(random, STRINGS) },
      new Binary(Buffer.from([1, 2, 3])),
      new BSONRegExp('mia', 'i'),
      new BSONRegExp('Ann', ''),
    ]);
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
    // e: mostly strings (the email the users page searches besides the name)
    const e = random() < 0.75 ? pick(random, STRINGS) : value(random, shape.clean);
    if (e !== undefined) doc.e = e;
    doc.n = pick(random, NUMBERS);
    return doc;
  });
}

type Query =
  | { op: 'find'; filter: Doc; sort?: Doc; skip?: number; limit?: number }
  | { op: 'countDocuments'; filter: Doc }
  | { op: 'count'; filter: Doc; skip?: number; limit?: number }
  | { op: 'aggregateCount'; filter: Doc };

/** A value for an `$in` list: mostly one of the documents' values of `field`, else anything (null, doubles, regular expressions, arrays too). */
function inValue(random: () => number, docs: Doc[], field: string): unknown {
  const r = random();
  if (r < 0.55) return pick(random, docs)[field] ?? pick(random, STRINGS);
  if (r < 0.8) return value(random, true) ?? pick(random, OBJECT_IDS);
  return pick(random, [null, new Double(1), new BSONRegExp('^A', ''), [pick(random, STRINGS)], pick(random, STRINGS)]);
}

/** An `$in` list of 0–5 values, of one type or mixed, duplicates possible. */
function inList(random: () => number, docs: Doc[], field: string): unknown[] {
  const length = Math.floor(random() * 6);
  const sameType = random() < 0.4;
  return Array.from({ length }, () => (sameType ? (pick(random, docs)[field] ?? pick(random, STRINGS)) : inValue(random, docs, field)));
}

/**
 * A regular expression as a search sends it: a substring of a value, escaped (escapeRegExp) and case-insensitive or
 * not, in either case; or one that stays in Go (anchored, a class, other options, a non-ASCII literal); or one matching nothing.
 */
function searchPattern(random: () => number, docs: Doc[], field: string): unknown {
  const source = pick(random, docs)[field];
  const text = typeof source === 'string' && random() < 0.8 ? source : pick(random, STRINGS);
  const from = Math.floor(random() * text.length);
  let sub = text.slice(from, from + 1 + Math.floor(random() * 6));
  const r = random();
  if (r < 0.25) sub = sub.toUpperCase();
  else if (r < 0.4) sub = sub.toLowerCase();
  else if (r < 0.45) sub = 'zz-no-match';
  const options = random() < 0.7 ? 'i' : '';
  const pattern = escapeRegExp(sub);
  const other = random();
  if (other < 0.04) return new BSONRegExp(`^${pattern}`, options);
  if (other < 0.07) return new BSONRegExp(`[${pattern.slice(0, 1) || 'a'}]x?`, options);
  if (other < 0.1) return new BSONRegExp(pattern, `${options}m`);
  if (other < 0.13) return new BSONRegExp(pick(random, ['k', 'K', '\u212A', 's', 'ſ', 'İ', 'ı', 'i']), options);
  // the app's form: a JavaScript RegExp (its source escapes "/" and line ends), unless it has line separators Go cannot parse
  if (random() < 0.5 && !/[\u2028\u2029]/.test(sub)) return new RegExp(pattern, options);
  return new BSONRegExp(pattern, options);
}

function makeFilter(random: () => number, docs: Doc[]): Doc {
  const equal = (field: string) => (random() < 0.8 ? (pick(random, docs)[field] ?? pick(random, STRINGS)) : value(random, true));
  // also the text of a document's ObjectId as a string, which shares the _id index's entry but must not match it
  const idText = () => {
    const id = pick(random, docs)._id;
    return id instanceof ObjectId ? id.toHexString() : 'nope';
  };
  const ids = () =>
    Array.from({ length: Math.floor(random() * 6) }, () => (random() < 0.8 ? pick(random, docs)._id : pick(random, [new ObjectId(), 'id-1', new Int32(3), 'nope', idText()])));
  const search = () => [{ s: searchPattern(random, docs, 's') }, { e: searchPattern(random, docs, 'e') }];
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
    // $in: on a field, on _id (the overview's students), with an equality, mixed types, empty, null or regex inside
    { k: { $in: inList(random, docs, 'k') } },
    { s: { $in: inList(random, docs, 's') } },
    { t: { $in: inList(random, docs, 't') } },
    { _id: { $in: ids() } },
    { _id: { $in: ids() }, k: equal('k') },
    { _id: { $in: ids() }, s: searchPattern(random, docs, 's'), t: { $in: inList(random, docs, 't') } },
    { _id: pick(random, docs)._id, k: equal('k') },
    { k: { $in: inList(random, docs, 'k') }, t: equal('t') },
    // literal regular expressions and $or of them (the users page's search), alone and with an equality
    { s: searchPattern(random, docs, 's') },
    { e: searchPattern(random, docs, 'e') },
    { $or: search() },
    { $or: search() },
    { k: equal('k'), $or: search() },
    { $or: [{ s: searchPattern(random, docs, 's') }, { k: { $in: inList(random, docs, 'k') } }] },
    { $or: [{ s: searchPattern(random, docs, 's'), k: equal('k') }, { e: searchPattern(random, docs, 'e') }, { t: equal('t') }] },
    { $or: [{ s: searchPattern(random, docs, 's') }, { n: { $gt: new Int32(0) } }] },
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
  // a plain find (no sort, skip or limit), as the teacher's overview reads its students by _id
  if (r < 0.36) return { op: 'find', filter };
  const direction = () => (random() < 0.5 ? 1 : -1);
  const sorts: (Doc | undefined)[] = [
    undefined,
    { s: direction(), _id: direction() },
    { t: direction(), _id: direction() },
    { n: direction(), _id: direction() },
    { k: direction(), _id: direction() },
    { e: direction(), _id: direction() },
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

type Collection = mongoose.mongo.Collection<Doc>;

/**
 * A random write, the same on both servers: inserts, updates of the searched fields (to a string, to another type, unset),
 * replacements and deletes, by _id or by a filter, one or many.
 */
function makeWrite(random: () => number, docs: Doc[], shape: Shape): (coll: Collection) => Promise<unknown> {
  const byId = { _id: pick(random, docs)._id } as mongoose.mongo.Filter<Doc>;
  const text = pick(random, STRINGS);
  const email = `${text}.${pick(random, STRINGS)}`;
  const other = value(random, shape.clean);
  const key = pick(random, docs).k;
  const [doc] = makeDocs(random, shape);
  const r = random();
  const newId = new ObjectId();
  if (r < 0.2) return (coll) => coll.insertOne({ ...doc, _id: newId });
  if (r < 0.4) return (coll) => coll.updateOne(byId, { $set: { s: text, e: email } });
  if (r < 0.5) return (coll) => coll.updateMany({ k: key }, other === undefined ? { $unset: { s: '' } } : { $set: { s: other } });
  if (r < 0.6) return (coll) => coll.updateOne(byId, { $unset: { e: '' } });
  if (r < 0.75) return (coll) => coll.replaceOne(byId, { ...doc, _id: byId._id });
  if (r < 0.9) return (coll) => coll.deleteOne(byId);
  return (coll) => coll.deleteMany({ e: text });
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
  /** The documents inserted into each collection `c<n>`, before any random write. */
  const written: Doc[][] = [];

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
      written.push(docs);
      for (const db of [on, off]) {
        const coll = db.collection(`c${n}`);
        if (shape.indexed) {
          await coll.createIndex({ s: 1, _id: 1 });
          await coll.createIndex({ t: -1, _id: -1 });
          await coll.createIndex({ k: 1, t: -1, _id: -1 });
          await coll.createIndex({ e: 1 });
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

  /**
   * The tally of {@link compare}: of the finds with an $in, a regular expression or an $or, how many matched something, and (every
   * eighth) how many SQLite filtered, paged, looked up in a substring index and sorted by a sort-key table; and the plain finds by _id
   * with another term.
   */
  const tally = { lists: 0, matched: 0, explained: 0, filtered: 0, paged: 0, substring: 0, sortKeys: 0, plainLookups: 0 };

  /** Runs `count` random queries on each collection on both servers; returns the first differences found. */
  async function compare(random: () => number, count: number): Promise<string[]> {
    const failures: string[] = [];
    for (const [n, shape] of SHAPES.entries()) {
      const collection = `c${n}`;
      const docs = await off.collection<Doc>(collection).find({}).toArray();
      for (let i = 0; i < count; i++) {
        const query = makeQuery(random, docs);
        // an error (a pattern Go's regexp refuses) must be the same error on both
        const settle = (answer: Promise<unknown>) => answer.catch((error: Error) => ({ error: error.message }));
        const [mine, theirs] = await Promise.all([settle(run(on, collection, query)), settle(run(off, collection, query))]);
        if (canonical(mine) !== canonical(theirs) && failures.length < 5) {
          failures.push(`${collection} ${JSON.stringify(shape)} ${canonical(query)}\n  on:  ${canonical(mine).slice(0, 400)}\n  off: ${canonical(theirs).slice(0, 400)}`);
        }
        if (query.op === 'find' && !query.sort && !query.skip && !query.limit && '_id' in query.filter && Object.keys(query.filter).length > 1) tally.plainLookups++;
        if (query.op !== 'find' || !/"\$in"|"\$or"|"\$regularExpression"/.test(canonical(query.filter))) continue;
        tally.lists++;
        if (!Array.isArray(mine)) continue;
        if (mine.length > 0) tally.matched++;
        if (tally.lists % 8 !== 0) continue;
        const { skip, limit, ...rest } = query;
        const plan = await on.command({ explain: { find: collection, ...rest, ...(skip ? { skip: new Long(skip) } : {}), ...(limit ? { limit: new Long(limit) } : {}) } });
        tally.explained++;
        if (plan.filterPushdown) tally.filtered++;
        if (plan.sortPushdown) tally.paged++;
        const steps = (plan.queryPlanner as { Plan: string[] }).Plan;
        if (steps.some((step) => /_ferretdb_fts_/.test(step))) tally.substring++;
        if (steps.some((step) => /_ferretdb_sk_/.test(step))) tally.sortKeys++;
      }
    }
    return failures;
  }

  // The decoding patch (api/devdb/patches/06-decode-speed.patch) reads every document the server returns.
  it('reads back every document exactly as written, nested ones too', async () => {
    const random = generator(SEED + 3);
    // FerretDB stores no array directly inside an array: an array value goes into a document there
    const item = () => {
      const v = value(random, false) ?? null;
      return Array.isArray(v) ? { v } : v;
    };
    const nested = Array.from({ length: 200 }, () => ({
      _id: new ObjectId(),
      a: { b: { c: value(random, false), d: [item(), { e: value(random, false) ?? null }] }, f: value(random, false) ?? null },
      g: [item(), pick(random, STRINGS), { h: [item(), item()] }],
      h: Object.fromEntries(STRINGS.slice(0, 8).map((text, i) => [`k${i}`, pick(random, [text, ...NUMBERS, ...DATES])])),
    }));
    for (const db of [on, off]) {
      for (const [n, docs] of written.entries()) expect(canonical(await db.collection(`c${n}`).find({}).toArray())).toBe(canonical(docs));
      await db.collection('nested').insertMany(nested.map((doc) => ({ ...doc })));
      expect(canonical(await db.collection('nested').find({}).toArray())).toBe(canonical(nested));
    }
  });

  it(`answers ${SHAPES.length * QUERIES} random finds and counts exactly as without it, in the same order`, async () => {
    expect((await compare(generator(SEED + 1), QUERIES)).join('\n')).toBe('');
    // the new cases are exercised: most match something, most reach SQL, some are sorted and paged there, some searched in a substring index
    expect(tally.matched).toBeGreaterThan(tally.lists / 2);
    expect(tally.filtered).toBeGreaterThan(tally.explained / 2);
    expect(tally.paged).toBeGreaterThan(tally.explained / 10);
    expect(tally.substring).toBeGreaterThan(tally.explained / 20);
    expect(tally.sortKeys).toBeGreaterThan(0);
    expect(tally.plainLookups).toBeGreaterThan(10);
  }, 180000);

  it(`still answers exactly after the same ${SHAPES.length} × ${WRITES} random writes on both (the substring indexes follow them) and a collection dropped and made again, and passes SQLite's integrity check`, async () => {
    const random = generator(SEED + 2);
    for (const [n, shape] of SHAPES.entries()) {
      const collection = `c${n}`;
      for (let i = 0; i < WRITES; i++) {
        const docs = await off.collection<Doc>(collection).find({}).toArray();
        const write = makeWrite(random, docs, shape);
        for (const db of [on, off]) await write(db.collection(collection));
      }
    }
    // made again with new documents under the same name (and so the same table): no index of the old one may answer
    const fresh = makeDocs(random, SHAPES[1]!);
    for (const db of [on, off]) {
      await db.collection('c1').drop();
      await db.collection('c1').insertMany(fresh.map((doc) => ({ ...doc })));
    }
    expect((await compare(generator(SEED + 3), QUERIES / 4)).join('\n')).toBe('');
    // and SQLite's integrity check, which also checks the substring indexes, passes on the database that has them
    const report = await runDatabaseProgram(['-check', folders[0]!]);
    expect(report.databases.map((database) => database.name)).toEqual(['pushdown']);
  }, 120000);

  it('pushes the sort, the page and the count down where the data allows it, and not where it does not', async () => {
    const explain = async (collection: string, command: Doc) => on.command({ explain: { [command.aggregate ? 'aggregate' : 'find']: collection, ...command } });
    const page = { filter: { k: 'Ann' }, sort: { t: -1, _id: -1 }, skip: new Long(2), limit: new Long(5) };
    const clean = await explain('c0', page);
    expect([clean.sortPushdown, clean.limitPushdown]).toEqual([true, true]);
    const plan = (clean.queryPlanner as { Plan: string[] }).Plan.join('\n');
    expect(plan).toMatch(/SEARCH c0_\S+ USING INDEX c0_\S+_k_1_t_-1__id_-1/);
    expect(plan).not.toMatch(/TEMP B-TREE/);

    // a filter SQLite cannot apply exactly (a range) leaves the sort to Go
    const partial = await explain('c0', { ...page, filter: { k: 'Ann', n: { $gt: new Int32(0) } } });
    expect(partial.sortPushdown).toBe(false);

    // $in lists are index searches, with the sort and the page; on _id through the _id_ index even beside another equality
    const listed = await explain('c0', { ...page, filter: { k: { $in: ['Ann', 'Bob', OBJECT_IDS[0]] } } });
    expect([listed.filterPushdown, listed.sortPushdown, listed.limitPushdown]).toEqual([true, true, true]);
    expect((listed.queryPlanner as { Plan: string[] }).Plan.join('\n')).toMatch(/SEARCH c0_\S+ USING INDEX c0_\S+_k_1_t_-1__id_-1/);
    const ids = await explain('c0', { filter: { _id: { $in: [OBJECT_IDS[0], OBJECT_IDS[1]] }, k: 'Ann' } });
    expect((ids.queryPlanner as { Plan: string[] }).Plan.join('\n')).toMatch(/SEARCH c0_\S+ USING INDEX c0_\S+__id_ /);

    // a literal search over two fields: a lookup in each field's substring index, with the sort and the page; an anchored one stays in Go
    const search = await explain('c0', { ...page, filter: { $or: [{ s: /ann/i }, { e: /ann/i }] }, sort: { s: 1, _id: 1 } });
    expect([search.filterPushdown, search.sortPushdown, search.limitPushdown]).toEqual([true, true, true]);
    const searchPlan = (search.queryPlanner as { Plan: string[] }).Plan.join('\n');
    expect(searchPlan).toMatch(/SCAN _ferretdb_fts_c0_\S+_s VIRTUAL TABLE/);
    expect(searchPlan).toMatch(/SCAN _ferretdb_fts_c0_\S+_e VIRTUAL TABLE/);
    expect(searchPlan).toMatch(/SEARCH c0_\S+ USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    // two letters are too short for a trigram: the field's index is read, every entry
    const short = await explain('c0', { ...page, filter: { $or: [{ s: /an/i }, { e: /an/i }] }, sort: { s: 1, _id: 1 } });
    const shortPlan = (short.queryPlanner as { Plan: string[] }).Plan.join('\n');
    expect(shortPlan).not.toMatch(/_ferretdb_fts_/);
    expect(shortPlan).toMatch(/SEARCH c0_\S+ USING (COVERING )?INDEX c0_\S+_s_1__id_1/);
    expect(shortPlan).toMatch(/SEARCH c0_\S+ USING (COVERING )?INDEX c0_\S+_e_1/);
    const anchored = await explain('c0', { ...page, filter: { s: /^Ann/i } });
    expect([anchored.filterPushdown, anchored.sortPushdown]).toEqual([false, false]);

    // an array among the values: the flag of the statement sends the query to Go, with the same answer as above
    const arrays = await off.collection('c2').countDocuments({ k: { $type: 'array' } });
    expect(Number(arrays)).toBeGreaterThan(0);
  });
});
