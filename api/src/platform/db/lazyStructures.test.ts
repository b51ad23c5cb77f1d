import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded.js';

const { MongoClient } = mongoose.mongo;
type MongoClientType = mongoose.mongo.MongoClient;

/** Collections, each searched for the first time by every client at once; `LAZY_ROUNDS` raises it for a longer stress run by hand. */
const ROUNDS = Number(process.env.LAZY_ROUNDS ?? 12);
/** Concurrent clients, each a MongoClient of its own (its own connections). */
const CLIENTS = 4;
/** Documents per collection. */
const DOCS = 300;

interface Person {
  _id: number;
  name: string;
  email: string;
}

const people: Person[] = Array.from({ length: DOCS }, (_, i) => ({
  _id: i,
  name: `${['Mia', 'Noah', 'Ava', 'Liam', 'Zoe'][i % 5]} ${['Park', 'Lee', 'Khan', 'Ruiz'][i % 4]} ${i}`,
  email: `person${i}@${i % 3 === 0 ? 'school' : 'example'}.test`,
}));

/**
 * The embedded database makes a collection's substring indexes and sort-key tables the first time
 * a query needs them (docs/architecture.md#the-embedded-database), in the middle of other
 * connections' queries: a page of a search and its count go to the server at once, as the users
 * page sends them. A statement that meets that schema change, an FTS5 table's cursor being built
 * at that moment among them, must still answer, not fail with "database schema has changed".
 */
describe('queries meeting the lazy creation of a search structure by another connection', () => {
  let server: EmbeddedMongo;
  let dataDir: string;
  const clients: MongoClientType[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'oracy-lazy-structures-'));
    server = await startEmbeddedMongo({ dataDir });
    for (let i = 0; i < CLIENTS; i++) clients.push(await new MongoClient(server.uri, { maxPoolSize: 4 }).connect());
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${ROUNDS} fresh collections, each searched, paged and counted by ${CLIENTS} clients at once, answer exactly`, async () => {
    const matching = (field: 'name' | 'email', text: string) => people.filter((p) => p[field].includes(text));
    const khanOrSchool = people.filter((p) => p.name.includes('Khan') || p.email.includes('school')).length;
    const sortedPage = (rows: Person[], field: 'name' | 'email', limit: number) =>
      [...rows]
        .sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a._id - b._id))
        .slice(0, limit)
        .map((p) => p._id);

    for (let round = 0; round < ROUNDS; round++) {
      const name = `people_${round}`;
      await clients[0]!.db('lazy').collection<Person>(name).insertMany(people);
      const work = clients.flatMap((client) => {
        const collection = client.db('lazy').collection<Person>(name);
        return [
          collection
            .find({ name: /Lee/ })
            .sort({ name: 1, _id: 1 })
            .limit(10)
            .toArray()
            .then((rows) => expect(rows.map((p) => p._id)).toEqual(sortedPage(matching('name', 'Lee'), 'name', 10))),
          collection.countDocuments({ name: /Lee/ }).then((n) => expect(n).toBe(matching('name', 'Lee').length)),
          collection
            .find({ email: /school/ })
            .sort({ email: 1, _id: 1 })
            .limit(5)
            .toArray()
            .then((rows) => expect(rows.map((p) => p._id)).toEqual(sortedPage(matching('email', 'school'), 'email', 5))),
          collection.countDocuments({ $or: [{ name: /Khan/ }, { email: /school/ }] }).then((n) => expect(n).toBe(khanOrSchool)),
        ];
      });
      await Promise.all(work);
    }
  });
});
