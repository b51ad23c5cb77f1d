import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { MODERATION_NOTE_MAX } from './model.js';
import { validate } from '../platform/http/validation.js';

/**
 * The body of `POST /api/admin/complaints/:id/approve` and `/disapprove`
 * (docs/product.md#complaint-moderation-calls): an optional note to the filer, trimmed, at most
 * {@link MODERATION_NOTE_MAX} characters; blank or absent means no note.
 */
export const decisionBodySchema = z.object({
  /** the admin's note to the person who filed the complaint, shown under its status (docs/product.md#complaint-status) */
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(MODERATION_NOTE_MAX, { error: `The note must be at most ${MODERATION_NOTE_MAX} characters.` })
    .nullish()
    .meta({ description: `an optional note to the filer, at most ${MODERATION_NOTE_MAX} characters after trimming; blank is none` }),
});

const decisionBodyValidator = validate('json', decisionBodySchema);

/**
 * The validator of {@link decisionBodySchema} for a body that may be left out: a request with no
 * body at all (as clients that send no note do) is taken as `{}`; any body is validated as JSON
 * (415 when not sent as JSON, 400 naming `note` when too long). Carries the validator's OpenAPI
 * description, so the reference shows the body.
 */
export const optionalDecisionBody: typeof decisionBodyValidator = Object.assign(
  (async (c, next) => {
    const text = await c.req.raw.clone().text();
    if (text.trim() === '') {
      c.req.addValidatedData('json', {});
      await next();
      return;
    }
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- the validator's own context type, which the cast below restores
    return decisionBodyValidator(c, next);
  }) as MiddlewareHandler,
  decisionBodyValidator,
) as typeof decisionBodyValidator;
