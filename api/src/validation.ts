import type { Context, Env, ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import { z } from 'zod';
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

/**
 * Characters no name or title may hold: Unicode general categories Cc (controls: NUL, tab, line
 * breaks …) and Cf (format characters: bidirectional controls such as U+202E and U+2066–2069,
 * zero-width U+200B–U+200D, U+2060, U+FEFF, the soft hyphen U+00AD …). They are invisible or
 * reorder the text around them, so a name holding one could pass for someone else's
 * (docs/product.md#names-and-titles).
 */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}]/u;
const INVISIBLE_CHARACTERS_ALL = /[\p{Cc}\p{Cf}]/gu;

/** The field message of a person's name holding a character of `INVISIBLE_CHARACTERS` (docs/product.md#names-and-titles). */
export const NAME_CHARACTERS_MESSAGE = 'Names cannot contain control or invisible characters';
/** The field message of a title holding a character of `INVISIBLE_CHARACTERS` (docs/product.md#names-and-titles). */
export const TITLE_CHARACTERS_MESSAGE = 'Titles cannot contain control or invisible characters';

/** True when `value` holds no character of `INVISIBLE_CHARACTERS`. */
export function hasOnlyVisibleCharacters(value: string): boolean {
  return !INVISIBLE_CHARACTERS.test(value);
}

/**
 * A one-line text field — a person's name or a title (docs/product.md#names-and-titles): refuses
 * any character of `INVISIBLE_CHARACTERS` with `message` (checked before trimming, so a tab or a
 * line break at either end is refused too, not silently cut), then normalises to Unicode NFC and
 * trims. Every letter of every script, accents, apostrophes and hyphens pass. Chain the length
 * checks after it; they count the NFC form.
 * @param required the message of a value that is not a string.
 */
export function oneLineText(required: string, message: string) {
  return z.string({ error: required }).refine(hasOnlyVisibleCharacters, { error: message, abort: true }).normalize('NFC').trim();
}

/**
 * The stored form of a name or title that `oneLineText` would refuse: every character of
 * `INVISIBLE_CHARACTERS` removed, NFC, trimmed (docs/product.md#names-and-titles). May be empty;
 * the caller chooses what stands in.
 */
export function stripInvisibleCharacters(value: string): string {
  return value.replace(INVISIBLE_CHARACTERS_ALL, '').normalize('NFC').trim();
}
