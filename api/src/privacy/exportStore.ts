import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import mongoose from 'mongoose';
import type { Env } from '../platform/env.js';
import { localFile, weakEtag, type ServedFile } from '../platform/http/static.js';

/**
 * Where "Download my data" archives live while they are kept (docs/product.md#download-my-data,
 * docs/decisions/0028-exports-of-personal-data.md). They follow `UPLOAD_STORE`: `disk` →
 * `DATA_DIR/exports/` (one machine), `gridfs` → the GridFS bucket `privacyExports`, so that every
 * process serves every archive. Archives are written as a stream, never held in memory.
 */

/** The key of an archive: `export-<the export's id>.zip`. */
export const EXPORT_FILE_PATTERN = /^export-[a-f0-9]{24}\.zip$/;

/** The key of the archive of export `id`. */
export const exportFileName = (id: string): string => `export-${id}.zip`;

/** An archive being written. */
export interface ExportUpload {
  /** write the ZIP's bytes here, then end it */
  stream: Writable;
  /** resolves once every byte is stored (after `stream` ends); rejects when storing failed */
  done: Promise<void>;
}

/** The store of export archives. */
export interface ExportStore {
  /** Starts writing the archive `name` (replacing one of that name, e.g. a try's leftover). */
  create(name: string): Promise<ExportUpload>;
  /** The archive `name` for `sendServedFile`, or null when there is none (or the name is not an archive's). */
  open(name: string): Promise<ServedFile | null>;
  /** Removes the archive `name`; a missing one is no error. */
  remove(name: string): Promise<void>;
  /** Every archive's key, for the sweep that removes archives without a record. */
  list(): Promise<string[]>;
}

/** `DATA_DIR/exports`: the disk store's folder of archives. */
export function exportsDir(dataDir: string): string {
  return join(dataDir, 'exports');
}

/** The disk store: `dir/<name>`. */
export class DiskExportStore implements ExportStore {
  /** @param dir absolute folder, e.g. `DATA_DIR/exports`; created on the first write */
  constructor(readonly dir: string) {}

  async create(name: string): Promise<ExportUpload> {
    if (!EXPORT_FILE_PATTERN.test(name)) throw new Error(`Not an export archive's name: ${name}`);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stream = createWriteStream(join(this.dir, name), { mode: 0o600 });
    const done = new Promise<void>((resolve, reject) => {
      stream.once('close', resolve);
      stream.once('error', reject);
    });
    return { stream, done };
  }

  async open(name: string): Promise<ServedFile | null> {
    if (!EXPORT_FILE_PATTERN.test(name)) return null;
    return localFile(join(this.dir, name), 'application/zip');
  }

  async remove(name: string): Promise<void> {
    if (!EXPORT_FILE_PATTERN.test(name)) return;
    await rm(join(this.dir, name), { force: true });
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    return names.filter((n) => EXPORT_FILE_PATTERN.test(n));
  }
}

/** The GridFS bucket of archives with `UPLOAD_STORE=gridfs`. */
export const EXPORTS_BUCKET = 'privacyExports';

/** The GridFS store: the bucket `privacyExports` of Mongoose's default connection. */
export class GridFsExportStore implements ExportStore {
  constructor(
    readonly bucketName: string = EXPORTS_BUCKET,
    private readonly connection: mongoose.Connection = mongoose.connection,
  ) {}

  private bucket(): mongoose.mongo.GridFSBucket {
    const db = this.connection.db;
    if (!db) throw new Error('The database is not connected.');
    return new mongoose.mongo.GridFSBucket(db, { bucketName: this.bucketName });
  }

  async create(name: string): Promise<ExportUpload> {
    if (!EXPORT_FILE_PATTERN.test(name)) throw new Error(`Not an export archive's name: ${name}`);
    await this.remove(name);
    const stream = this.bucket().openUploadStream(name, { metadata: { type: 'application/zip' } });
    const done = new Promise<void>((resolve, reject) => {
      stream.once('finish', resolve);
      stream.once('error', reject);
    });
    return { stream, done };
  }

  async open(name: string): Promise<ServedFile | null> {
    if (!EXPORT_FILE_PATTERN.test(name)) return null;
    const bucket = this.bucket();
    const [entry] = await bucket.find({ filename: name }, { sort: { uploadDate: -1 }, limit: 1 }).toArray();
    if (!entry) return null;
    return {
      type: 'application/zip',
      size: entry.length,
      etag: weakEtag(entry.length, entry.uploadDate.getTime()),
      lastModified: entry.uploadDate,
      stream: () => Readable.toWeb(bucket.openDownloadStream(entry._id)) as ReadableStream<Uint8Array>,
      streamRange: (start, end) => Readable.toWeb(bucket.openDownloadStream(entry._id, { start, end: end + 1 })) as ReadableStream<Uint8Array>,
    };
  }

  async remove(name: string): Promise<void> {
    if (!EXPORT_FILE_PATTERN.test(name)) return;
    const bucket = this.bucket();
    for (const { _id } of await bucket.find({ filename: name }, { projection: { _id: 1 } }).toArray()) {
      await bucket.delete(_id).catch((err: unknown) => {
        if (!(err instanceof mongoose.mongo.MongoRuntimeError && /not found/i.test(err.message))) throw err;
      });
    }
  }

  async list(): Promise<string[]> {
    const entries = await this.bucket()
      .find({}, { projection: { filename: 1 } })
      .toArray();
    return [...new Set(entries.map((e) => e.filename))].filter((n) => EXPORT_FILE_PATTERN.test(n));
  }
}

/** The export store `UPLOAD_STORE` asks for. */
export function createExportStore(env: Pick<Env, 'UPLOAD_STORE' | 'DATA_DIR'>): ExportStore {
  return env.UPLOAD_STORE === 'gridfs' ? new GridFsExportStore() : new DiskExportStore(exportsDir(env.DATA_DIR));
}
