import mongoose, { type Schema, type SchemaType } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllModels } from '../platform/db/allModels.js';
import { ACCESS_LOG_RETENTION_DAYS } from './accessLogModel.js';
import { DERIVED_DATA, PRIVACY_REGISTER, entriesFor, entryOf, type RegisterEntry } from './register.js';

/**
 * The register's coverage check (docs/decisions/0027-one-privacy-register.md), like Moodle's
 * provider check: every model has an entry, every path an entry names exists, and every path
 * that may hold a user's id is claimed by an entry's owners.
 */

/** A schema of any model. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySchema = Schema<any, any, any, any, any>;

/** Names that hold a user's id by the house's naming, whatever their `ref`. */
const USER_ID_NAME = /(^|\.)(\w*userId|\w*studentId|\w*teacherId|\w*By|instructorId|actorId|subjectId|ownerId|authorId)$/i;

/** Every path of `schema`, subdocuments' paths included (`file.name`), with its schema type. */
function allPaths(schema: AnySchema, prefix = ''): { path: string; type: SchemaType }[] {
  const found: { path: string; type: SchemaType }[] = [];
  schema.eachPath((path, type) => {
    const full = `${prefix}${path}`;
    found.push({ path: full, type });
    const sub = (type as SchemaType & { schema?: AnySchema }).schema;
    if (sub) found.push(...allPaths(sub, `${full}.`));
  });
  return found;
}

/** True when a path of this type may hold a user's id: `ref: 'User'` (alone or in an array), or an ObjectId named like one. */
function holdsUserId(path: string, type: SchemaType): boolean {
  const options = type.options as { ref?: unknown; type?: unknown };
  const caster = (type as SchemaType & { caster?: SchemaType }).caster;
  if (options.ref === 'User' || (caster?.options as { ref?: unknown } | undefined)?.ref === 'User') return true;
  const objectId = type.instance === 'ObjectId' || (type.instance === 'Array' && caster?.instance === 'ObjectId');
  return objectId && USER_ID_NAME.test(path);
}

/** True when `path` is a path of the model, or lies inside one of its Mixed paths (`payload.userId`). */
function schemaHas(schema: AnySchema, path: string): boolean {
  if (path === '_id' || schema.path(path)) return true;
  const paths = allPaths(schema);
  if (paths.some((p) => p.path === path)) return true;
  return paths.some((p) => p.type.instance === 'Mixed' && path.startsWith(`${p.path}.`));
}

/** Every path an entry names. */
function namedPaths(entry: RegisterEntry): string[] {
  return [
    ...entry.personalData.map((p) => p.path),
    ...entry.owners.map((o) => o.path),
    ...(entry.linked ?? []).map((l) => l.path),
    ...(entry.files ?? []).flatMap((f) => [f.path, ...(f.goneWhen ? [f.goneWhen] : [])]),
    ...Object.keys(entry.owners.find((o) => o.replaceWith)?.replaceWith ?? {}),
    ...(entry.retention.rule ? [entry.retention.rule.path] : []),
  ];
}

beforeAll(async () => {
  // every model file, so that a model the register does not import is registered too.
  expect((await registerAllModels()).length).toBeGreaterThan(15);
});

describe('the privacy register (docs/decisions/0027-one-privacy-register.md)', () => {
  it('has exactly one entry for every Mongoose model', () => {
    const models = mongoose.modelNames().sort();
    const entries = PRIVACY_REGISTER.map((e) => e.model);
    expect(new Set(entries).size).toBe(entries.length);
    expect([...entries].sort()).toEqual(models);
  });

  it('names only paths the schemas have', () => {
    const unknown = PRIVACY_REGISTER.flatMap((entry) => {
      const schema = mongoose.model(entry.model).schema;
      return namedPaths(entry)
        .filter((path) => !schemaHas(schema, path))
        .map((path) => `${entry.model}.${path}`);
    });
    expect(unknown).toEqual([]);
  });

  it('claims every path that may hold a user’s id', () => {
    const unclaimed = mongoose.modelNames().flatMap((name) => {
      const claimed = new Set(entryOf(name)?.owners.map((o) => o.path) ?? []);
      return allPaths(mongoose.model(name).schema)
        .filter(({ path, type }) => holdsUserId(path, type) && !claimed.has(path))
        .map(({ path }) => `${name}.${path}`);
    });
    expect(unclaimed).toEqual([]);
  });

  it('recognises the paths that hold a user’s id (the check above looks at these)', () => {
    const found = mongoose.modelNames().flatMap((name) =>
      allPaths(mongoose.model(name).schema)
        .filter(({ path, type }) => holdsUserId(path, type))
        .map(({ path }) => `${name}.${path}`),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'Assessment.userId',
        'Recording.studentId',
        'Feedback.teacherId',
        'Complaint.decidedBy',
        'Course.instructorId',
        'SchoolSettings.updatedBy',
        'ChatMessage.userId',
      ]),
    );
    expect(found).not.toContain('Recording.taskId');
  });

  it('links only to registered models, and never requires a path that erasure sets to null', () => {
    for (const entry of PRIVACY_REGISTER) {
      for (const link of entry.linked ?? []) expect(mongoose.modelNames(), `${entry.model}.${link.path}`).toContain(link.model);
      for (const owner of entry.owners.filter((o) => o.onErasure !== 'delete')) {
        const type = mongoose.model(entry.model).schema.path(owner.path) as SchemaType | undefined;
        expect(type?.isRequired, `${entry.model}.${owner.path} is set to null by erasure`).not.toBe(true);
      }
    }
  });

  it('says in words what every entry holds, why, for whom, for how long and what erasure does', () => {
    for (const entry of PRIVACY_REGISTER) {
      for (const text of [entry.label, entry.purpose, entry.whoCanSee, entry.retention.text, entry.onErasure, entry.export.how]) {
        expect(text.trim(), entry.model).not.toBe('');
      }
      for (const field of entry.personalData) expect(field.description.trim(), `${entry.model}.${field.path}`).not.toBe('');
      // an entry whose records name a person holds personal data.
      if (entry.owners.length > 0) expect(entry.personalData.length, entry.model).toBeGreaterThan(0);
    }
  });

  it('lists derived data (badges, profile figures) with the registered models it is computed from', () => {
    expect(DERIVED_DATA.map((d) => d.label)).toContain('Badges');
    for (const derived of DERIVED_DATA) {
      for (const text of [derived.label, derived.purpose, derived.whoCanSee, derived.rules]) expect(text.trim(), derived.label).not.toBe('');
      for (const model of derived.from) expect(entryOf(model), `${derived.label} from ${model}`).toBeDefined();
    }
  });

  it('reads the retention rules the retention job applies (docs/product.md#retention)', () => {
    const recording = entryOf('Recording')?.retention.rule;
    expect(recording).toMatchObject({ kind: 'schoolRetention', path: 'submittedAt', setting: 'recordingRetentionDays', when: { status: 'reviewed' } });
    if (recording?.kind === 'schoolRetention') expect(mongoose.model('SchoolSettings').schema.path(recording.setting)).toBeDefined();
    expect(entryOf('AccessLogEntry')?.retention.rule).toEqual({ kind: 'afterDays', path: 'at', days: ACCESS_LOG_RETENTION_DAYS });
  });

  it('gives, per model, the filters that find a person’s records', () => {
    const id = new mongoose.Types.ObjectId();
    const byModel = new Map(entriesFor(id).map((e) => [e.entry.model, e]));
    expect(byModel.get('Recording')?.filter).toEqual({ studentId: id });
    expect(byModel.get('Feedback')?.filter).toEqual({ $or: [{ studentId: id }, { teacherId: id }] });
    expect(byModel.get('Feedback')?.subjectFilter).toEqual({ studentId: id });
    expect(byModel.get('User')?.filter).toEqual({ _id: id });
    expect(byModel.get('Job')?.filter).toEqual({ 'payload.userId': String(id) });
    expect(byModel.get('Course')?.subjectFilter).toEqual({ _id: { $in: [] } });
    expect(byModel.has('Notice')).toBe(false);
  });
});
