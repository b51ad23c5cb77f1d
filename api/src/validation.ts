import type { Context, Env, ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { z } from 'zod';
import { unsupportedMediaType, validationError } from './errors.js';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** True when the request's Content-Type is JSON (`application/json`, `application/*+json`). */
export function isJsonRequest(c: Context): boolean {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim() ?? '';
  return JSON_MEDIA_TYPE.test(type);
}

/**
 * The shared validator (docs/contributing.md#validation-at-the-edge): `hono-openapi`'s `validator`
 * (Standard Schema validation, and the schema carried for the OpenAPI document, `openapi/document.ts`)
 * with a hook that throws 415 when a JSON body is not sent as JSON, and a 400
 * `validation_error` naming the failing fields otherwise. Types flow to
 * `c.req.valid(target)` and to the `hc` client as with `@hono/zod-validator`:
 * the input of `target` is the schema's `z.input`, the validated value its `z.output`.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return validator<T, Target, Env, string>(target, schema, (result, c) => {
    if (target === 'json' && !isJsonRequest(c)) throw unsupportedMediaType();
    // A zod schema's Standard Schema issues are zod's own (`code`, `keys`, `path`).
    if (!result.success) throw validationError({ issues: result.error as readonly z.core.$ZodIssue[] });
  });
}
