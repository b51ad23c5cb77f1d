import { z } from 'zod';

/** The longest corrected word, characters. */
export const MAX_CORRECTED_WORD = 60;

const RULE = 'Words must be a list of the transcript’s words, each corrected or left as it was, at most 60 characters each.';

/**
 * `PUT /api/recordings/:recordingId/transcript` (docs/product.md#transcripts): the teacher's
 * correction. `words` gives every word of the transcript in order, each as it should read ('' drops
 * a word the decoder made up); their times stay. `dismissedFillers` lists the start times (ms) of
 * fillers that are not fillers. At least one of them.
 */
export const transcriptCorrectionSchema = z
  .strictObject({
    words: z
      .array(z.string({ error: RULE }).trim().max(MAX_CORRECTED_WORD, { error: RULE }), { error: RULE })
      .max(5_000, { error: RULE })
      .optional(),
    dismissedFillers: z
      .array(z.number({ error: 'Dismissed fillers must be a list of start times in ms.' }).int({ error: 'Dismissed fillers must be a list of start times in ms.' }).min(0), {
        error: 'Dismissed fillers must be a list of start times in ms.',
      })
      .max(5_000)
      .optional(),
  })
  .refine((body) => body.words !== undefined || body.dismissedFillers !== undefined, { error: 'Give corrected words or dismissed fillers.', path: ['words'] });
