import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';

const { ObjectId } = mongoose.Types;

/** The SQLite query plan FerretDB reports for `filter` on `collection`, one line per step. */
async function sqlitePlan(collection: string, filter: Record<string, unknown>): Promise<string[]> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  const explained = await db.command({ explain: { find: collection, filter } });
  return (explained.queryPlanner as { Plan?: string[] }).Plan ?? [];
}

// The embedded database's own plan format; a real MongoDB (TEST_MONGODB_URI) uses its _id index anyway.
describe.skipIf(Boolean(process.env.TEST_MONGODB_URI))('embedded database (FerretDB on SQLite, docs/architecture.md#running-it)', () => {
  it('looks documents up by _id through the _id index instead of scanning the table (devdb patch "id-index")', async () => {
    const collection = mongoose.connection.collection('id_index_probe');
    const ids = Array.from({ length: 50 }, () => new ObjectId());
    await collection.insertMany(ids.map((_id, n) => ({ _id, n })));

    for (const id of [ids[7], 'a-string-id']) {
      const plan = (await sqlitePlan('id_index_probe', { _id: id })).join('\n');
      expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+__id_ \(<expr>=\?\)/);
      expect(plan).not.toMatch(/\bSCAN\b/);
    }
  });

  it('finds, updates and deletes exactly the document with that _id, for ObjectId and string ids', async () => {
    const collection = mongoose.connection.collection<{ _id: InstanceType<typeof ObjectId> | string; n: number; seen?: boolean }>('id_index_rows');
    const objectIds = Array.from({ length: 20 }, () => new ObjectId());
    const [, , , third, fourth, fifth] = objectIds as [InstanceType<typeof ObjectId>, ...InstanceType<typeof ObjectId>[]];
    await collection.insertMany([...objectIds.map((_id, n) => ({ _id, n })), { _id: 'text-id', n: 100 }, { _id: 'text-id-2', n: 101 }]);

    expect((await collection.findOne({ _id: third! }))?.n).toBe(3);
    expect((await collection.findOne({ _id: 'text-id' }))?.n).toBe(100);
    expect(await collection.findOne({ _id: new ObjectId() })).toBeNull();

    expect((await collection.updateOne({ _id: fourth! }, { $set: { seen: true } })).modifiedCount).toBe(1);
    expect((await collection.updateOne({ _id: 'text-id-2' }, { $set: { seen: true } })).modifiedCount).toBe(1);
    const seen = await collection.find({ seen: true }, { projection: { n: 1 } }).toArray();
    expect(seen.map((row) => row.n).sort((a, b) => a - b)).toEqual([4, 101]);

    expect((await collection.deleteOne({ _id: fifth! })).deletedCount).toBe(1);
    expect((await collection.deleteOne({ _id: 'text-id' })).deletedCount).toBe(1);
    expect(await collection.countDocuments({})).toBe(20);
    expect(await collection.findOne({ _id: fifth! })).toBeNull();
  });
});
