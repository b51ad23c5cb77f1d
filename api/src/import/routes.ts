import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';
import type { AppEnv } from '../auth/context.js';
import { requireRole } from '../auth/middleware.js';
import type { SocketRevocation } from '../chat/revocation.js';
import { ROLES } from '../auth/roles.js';
import { unsupportedMediaType } from '../platform/http/errors.js';
import { idempotency } from '../platform/http/idempotency.js';
import { validate } from '../platform/http/validation.js';
import { applyImport } from './apply.js';
import { fileTooLarge, readImportFile } from './parse.js';
import { countStatuses, planImport } from './plan.js';
import { IMPORT_BODY_BYTES, importFormSchema, importQuerySchema, type ImportResultJson, importResultSchema } from './schema.js';
import { describe, IDEMPOTENCY_CONFLICT, idempotencyKey, json } from '../platform/http/describe.js';
import { z } from 'zod';

/** An import as the settings screen sends it: one file. */
const importFormDoc = z.object({
  file: z.string().meta({ format: 'binary', description: 'a CSV (`.csv`) or the JSON of "Export Now" (`.json`), UTF-8, at most 2 MB and 5,000 people' }),
});

const limitBody = bodyLimit({
  maxSize: IMPORT_BODY_BYTES,
  onError: () => {
    throw fileTooLarge();
  },
});

/** 415 unless the body is `multipart/form-data`: the file is sent as a form. */
const requireMultipart = createMiddleware(async (c, next) => {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw unsupportedMediaType('Send the file as multipart/form-data, in the form field "file".');
  await next();
});

/**
 * What an import's answer keeps for the repeats of its `Idempotency-Key`: everything but the
 * one-time passwords, which are shown once and never stored in clear; a repeat says how many were
 * withheld (docs/decisions/0024-importing-people.md).
 */
export function withoutPasswords(body: string): string {
  const answer = JSON.parse(body) as ImportResultJson;
  const { passwords, ...rest } = answer;
  return JSON.stringify({ ...rest, passwordsWithheld: passwords?.length ?? 0 });
}

const idempotentImport = idempotency({ maxBodyBytes: IMPORT_BODY_BYTES, storedBody: withoutPasswords });

/** The `Idempotency-Key` middleware for an import that writes; a preview writes nothing and passes by. */
const idempotentUnlessDryRun = createMiddleware<AppEnv>(async (c, next) => {
  const { dryRun } = importQuerySchema.parse({ dryRun: c.req.query('dryRun') });
  return dryRun ? next() : idempotentImport(c, next);
});

/** Mounted at `/api`; the calls and their rules: docs/product.md#import (the reference: `/api/docs`). */
export const createImportRoutes = (opts: { sockets?: SocketRevocation; log?: Pick<Logger, 'error'> } = {}) =>
  new Hono<AppEnv>().post(
    '/admin/import',
    describe({
      summary: 'Import people from a file',
      tag: 'Import',
      description:
        'Admins only (docs/product.md#import). One `file`: a CSV with the columns `firstName, lastName, email, role, courses` (role `student` or `teacher`, courses separated by `;`) or the JSON of "Export Now". `?dryRun=1` answers the preview and writes nothing; without it the file is applied: rows with errors never are, new accounts get one-time passwords, which this answer holds once. Importing the same file again changes nothing. With an `Idempotency-Key`, a repeat gets the first answer without the passwords (`passwordsWithheld`).',
      success: { status: 200, answer: json('Each row with its status and reasons, and the counts.', importResultSchema) },
      errors: {
        400: 'The file cannot be read (not UTF-8 text, another kind of file, not valid CSV or JSON, missing columns, no rows), with the reason in words; or a bad `dryRun`.',
        409: IDEMPOTENCY_CONFLICT,
        413: '`file_too_large`: the file is larger than 2 MB; `too_many_rows`: it holds more than 5,000 people.',
        415: 'The body is not `multipart/form-data`.',
      },
      parameters: [idempotencyKey],
      body: { content: { 'multipart/form-data': importFormDoc } },
    }),
    requireRole(ROLES.admin),
    validate('query', importQuerySchema),
    requireMultipart,
    limitBody,
    idempotentUnlessDryRun,
    validate('form', importFormSchema),
    async (c) => {
      const dryRun = c.req.valid('query').dryRun ?? false;
      const file = await readImportFile(c.req.valid('form').file);
      const planned = await planImport(file);
      if (dryRun) {
        const rows = planned.map(({ action: _action, ...row }) => row);
        const result: ImportResultJson = { dryRun, format: file.format, counts: countStatuses(rows), rows };
        return c.json(result, 200);
      }
      const applied = await applyImport(planned, { sockets: opts.sockets, log: opts.log });
      const result: ImportResultJson = { dryRun, format: file.format, counts: countStatuses(applied.rows), rows: applied.rows, passwords: applied.passwords };
      return c.json(result, 200);
    },
  );
