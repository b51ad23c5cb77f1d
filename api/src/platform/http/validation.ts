import type { Context, Env, ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import { z } from 'zod';
import { reasonParams, unsupportedMediaType, validationError } from './errors.js';

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
 * Characters no name or title may hold (docs/product.md#names-and-titles):
 * - Unicode general categories Cc (controls: NUL, tab, line breaks …) and Cf (format characters:
 *   bidirectional controls such as U+202E and U+2066–2069, zero-width U+200B–U+200D, U+2060,
 *   U+FEFF, the soft hyphen U+00AD …), which are invisible or reorder the text around them;
 * - Zl and Zp, the line and paragraph separators U+2028 and U+2029, which break the line;
 * - letters and symbols that render blank: the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0,
 *   the blank braille pattern U+2800, the combining grapheme joiner U+034F and the Khmer inherent
 *   vowels U+17B4 and U+17B5.
 * A name holding one could pass for someone else's, or for no name at all.
 */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800\u034F\u17B4\u17B5]/u;
const INVISIBLE_CHARACTERS_ALL = new RegExp(INVISIBLE_CHARACTERS.source, 'gu');

/** The field message of a person's name holding a character of `INVISIBLE_CHARACTERS` (docs/product.md#names-and-titles). */
export const NAME_CHARACTERS_MESSAGE = 'Names cannot contain control or invisible characters';
/** The field message of a title holding a character of `INVISIBLE_CHARACTERS` (docs/product.md#names-and-titles). */
export const TITLE_CHARACTERS_MESSAGE = 'Titles cannot contain control or invisible characters';

/** The field message of a person's name without a letter of any script (docs/product.md#names-and-titles). */
export const NAME_LETTER_MESSAGE = 'Names must contain at least one letter';
/** A letter of any script (Unicode general category L). */
const LETTER = /\p{L}/u;

/** True when `value` holds no character of `INVISIBLE_CHARACTERS`. */
export function hasOnlyVisibleCharacters(value: string): boolean {
  return !INVISIBLE_CHARACTERS.test(value);
}

/**
 * A one-line text field — a person's name or a title (docs/product.md#names-and-titles): refuses
 * any character of `INVISIBLE_CHARACTERS` with `message` (checked before trimming, so a tab or a
 * line break at either end is refused too, not silently cut), then normalises to Unicode NFC and
 * trims. Every letter of every script, accents, apostrophes and hyphens pass. Chain the length
 * checks after it; they count the NFC form. The refusal's field reason is `invisible_characters`.
 * @param required the message of a value that is not a string.
 */
export function oneLineText(required: string, message: string) {
  return z
    .string({ error: required })
    .refine(hasOnlyVisibleCharacters, { error: message, abort: true, params: reasonParams('invisible_characters') })
    .normalize('NFC')
    .trim();
}

/** True when `value` holds at least one letter of any script (Unicode category L): "李", "Zoë", not "123" or "-". */
export function hasLetter(value: string): boolean {
  return LETTER.test(value);
}

/**
 * The stored form of a name or title that `oneLineText` would refuse: every character of
 * `INVISIBLE_CHARACTERS` removed, NFC, trimmed (docs/product.md#names-and-titles). May be empty;
 * the caller chooses what stands in.
 */
export function stripInvisibleCharacters(value: string): string {
  return value.replace(INVISIBLE_CHARACTERS_ALL, '').normalize('NFC').trim();
}
