import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '../auth/middleware.js';
import { TITLE_CHARACTERS_MESSAGE, oneLineText } from '../platform/http/validation.js';

/** Longest notice title, in characters (after trimming); matches the Notice model. */
export const NOTICE_TITLE_MAX = 200;
/** Longest notice description, in characters (after trimming); matches the Notice model. */
export const NOTICE_DESCRIPTION_MAX = 5000;

/** `:id` of `PUT`/`DELETE /api/admin/notice/:id`. */
export const noticeIdParamSchema = z.object({
  /** the notice's id: 24 hex digits (docs/product.md#authorization-matrix: malformed → 400) */
  id: z.string().regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id.' }),
});

/**
 * Body of `POST /api/admin/notice` and `PUT /api/admin/notice/:id`
 * (docs/product.md#notice-calls, docs/product.md#notice-dialog-validation: both fields non-empty).
 * Other keys (e.g. an `id` echoed back by a client) are ignored.
 */
export const noticeBodySchema = z.object({
  /** the notice's title: NFC, trimmed, 1–200 characters, no control or invisible character (docs/product.md#names-and-titles) */
  title: oneLineText('Title is required.', TITLE_CHARACTERS_MESSAGE)
    .min(1, { error: 'Title is required.' })
    .max(NOTICE_TITLE_MAX, { error: `Title must be at most ${NOTICE_TITLE_MAX} characters.` }),
  /** the notice's text: trimmed, 1–5000 characters */
  description: z
    .string({ error: 'Description is required.' })
    .trim()
    .min(1, { error: 'Description is required.' })
    .max(NOTICE_DESCRIPTION_MAX, { error: `Description must be at most ${NOTICE_DESCRIPTION_MAX} characters.` }),
});
