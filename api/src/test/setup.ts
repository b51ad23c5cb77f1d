import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * Per test file: connect Mongoose to a database of its own on the shared
 * embedded server, build the indexes, and drop the database afterwards.
 */
beforeAll(async () => {
  const name = `oracy_test_${randomBytes(6).toString('hex')}`;
  await mongoose.connect(`${inject('mongoServerUri')}${name}`, { serverSelectionTimeoutMS: 15000 });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
});

afterAll(async () => {
  await mongoose.connection.dropDatabase().catch(() => undefined);
  await mongoose.disconnect();
});
