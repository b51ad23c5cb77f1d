import mongoose from 'mongoose';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded.js';

/** What `connectDatabase` opened; `close()` disconnects and stops the embedded server if any. */
export interface DatabaseHandle {
  /** The URI Mongoose is connected to (with the database name). */
  uri: string;
  /** True when the embedded FerretDB server is in use (docs/architecture.md#running-it). */
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Connects Mongoose to `mongodbUri`, or, when it is undefined, starts the
 * embedded FerretDB server with its data under `dataDir/db` and connects to
 * the `oracy` database there (docs/architecture.md#running-it).
 * @throws DevdbBuildError / Error when the embedded server cannot start or the database does not answer.
 */
export async function connectDatabase(opts: {
  mongodbUri: string | undefined;
  dataDir: string;
  onCrash?: (message: string) => void;
}): Promise<DatabaseHandle> {
  let embedded: EmbeddedMongo | undefined;
  let uri = opts.mongodbUri;
  if (!uri) {
    embedded = await startEmbeddedMongo({ dataDir: `${opts.dataDir}/db`, onCrash: opts.onCrash });
    uri = `${embedded.uri}oracy`;
  }
  mongoose.set('strictQuery', true);
  try {
    // on a replica set or Atlas, writes are retried once across a primary change and every read
    // goes to the primary (no stale reads after a write through another process). No transactions are used.
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 15000, autoIndex: true, retryWrites: true, readPreference: 'primary' });
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  return {
    uri,
    embedded: Boolean(embedded),
    async close() {
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}
