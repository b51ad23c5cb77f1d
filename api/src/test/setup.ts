import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, inject } from 'vitest';
import { registerAllModels } from '../platform/db/allModels.js';

/**
 * Per test file: register every model (as the app does through its routes), connect Mongoose to a database of its own on the shared
 * embedded server, build the indexes, and drop the database afterwards.
 */
beforeAll(async () => {
  await registerAllModels();
  const name = `oracy_test_${randomBytes(6).toString('hex')}`;
  await mongoose.connect(`${inject('mongoServerUri')}${name}`, { serverSelectionTimeoutMS: 15000 });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
});

afterAll(async () => {
  await mongoose.connection.dropDatabase().catch(() => undefined);
  await mongoose.disconnect();
});
