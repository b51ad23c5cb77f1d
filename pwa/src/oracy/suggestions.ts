/**
 * Practice suggestions for the weakest strand (docs/product.md#my-oracy): three short,
 * concrete things a student can try this week, one set per strand, written
 * to the student. Teachers see the same words to share with the student
 * (docs/product.md#a-students-profile-for-teachers).
 */
import type { StrandKey } from './oracy';
import { t, type MessageId } from '../platform/i18n';

/** Three practice suggestions per strand, addressed to the student, as catalogue keys. */
export const PRACTICE_SUGGESTIONS = {
  linguistic: ['oracy.suggestion.linguistic1', 'oracy.suggestion.linguistic2', 'oracy.suggestion.linguistic3'],
  cognitive: ['oracy.suggestion.cognitive1', 'oracy.suggestion.cognitive2', 'oracy.suggestion.cognitive3'],
  socialEmotional: ['oracy.suggestion.socialEmotional1', 'oracy.suggestion.socialEmotional2', 'oracy.suggestion.socialEmotional3'],
  physical: ['oracy.suggestion.physical1', 'oracy.suggestion.physical2', 'oracy.suggestion.physical3'],
} as const satisfies Record<StrandKey, readonly [MessageId, MessageId, MessageId]>;

/** The three practice suggestions for a strand (docs/product.md#my-oracy), in the active language. */
export function suggestionsFor(strand: StrandKey): readonly string[] {
  return PRACTICE_SUGGESTIONS[strand].map((id) => t(id));
}
