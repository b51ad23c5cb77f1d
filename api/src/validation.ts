import type { Context, ValidationTargets } from 'hono';
import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { unsupportedMediaType, validationError } from './errors.js';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** True when the request's Content-Type is JSON (`application/json`, `application/*+json`). */
export function isJsonRequest(c: Context): boolean {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim() ?? '';
  return JSON_MEDIA_TYPE.test(type);
}

/**
 * The shared validator (docs/contributing.md#validation-at-the-edge): `@hono/zod-validator` with a
 * hook that throws 415 when a JSON body is not sent as JSON, and a 400
 * `validation_error` naming the failing fields otherwise. Types flow to
 * `c.req.valid(target)` and to the `hc` client.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (target === 'json' && !isJsonRequest(c)) throw unsupportedMediaType();
    if (!result.success) throw validationError(result.error);
  });
}
