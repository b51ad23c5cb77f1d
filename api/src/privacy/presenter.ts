import { z } from 'zod';
import type { RegisterEntry } from './register.js';

/** One collection of the privacy notice (docs/product.md#privacy), in the register's English words. */
export const privacyCollectionJsonSchema = z
  .object({
    name: z.string().meta({ description: 'what the collection holds, in plain words, e.g. "Speaking-practice recordings"' }),
    purpose: z.string().meta({ description: 'why it is kept' }),
    personalData: z.array(z.string()).meta({ description: 'the personal data it holds, one description per field; empty when it holds none' }),
    whoCanSee: z.string(),
    retention: z.string().meta({ description: 'how long it is kept' }),
    onErasure: z.string().meta({ description: 'what deleting a person’s account does to it' }),
  })
  .meta({ id: 'PrivacyCollection' });

/** The privacy notice: the school and every collection of the register (`GET /api/privacy/register`). */
export const privacyNoticeJsonSchema = z
  .object({
    school: z
      .object({
        name: z.string().meta({ description: 'the school’s name (admin settings); empty until set' }),
        contact: z.string().meta({ description: 'whom to ask for a copy or the deletion of one’s data: an email or a short text; empty until set' }),
      })
      .meta({ description: 'who holds the data and whom to ask' }),
    collections: z.array(privacyCollectionJsonSchema),
  })
  .meta({ id: 'PrivacyNotice' });

/** The privacy notice: see {@link privacyNoticeJsonSchema}. */
export type PrivacyNoticeJson = z.infer<typeof privacyNoticeJsonSchema>;

/** Presents the register for people: each entry's words, without its machine-readable parts. */
export function presentPrivacyNotice(entries: readonly RegisterEntry[], school: { name: string; contact: string }): PrivacyNoticeJson {
  return {
    school,
    collections: entries.map((entry) => ({
      name: entry.label,
      purpose: entry.purpose,
      personalData: entry.personalData.map((field) => field.description),
      whoCanSee: entry.whoCanSee,
      retention: entry.retention.text,
      onErasure: entry.onErasure,
    })),
  };
}
