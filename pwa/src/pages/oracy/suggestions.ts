/**
 * Practice suggestions for the weakest strand (docs/product.md#my-oracy): three short,
 * concrete things a student can try this week, one set per strand, written
 * to the student. Teachers see the same words to share with the student
 * (docs/product.md#a-students-profile-for-teachers).
 */
import type { StrandKey } from '../../data/oracy';

/** Three practice suggestions per strand, addressed to the student. */
export const PRACTICE_SUGGESTIONS = {
  linguistic: [
    'Pick three subject words before you speak and use each one once in your answer.',
    'Retell something you learned today twice: once to a friend, once as if to a visitor to the school.',
    'Give one example for every point you make, starting it with "For example…".',
  ],
  cognitive: [
    'Before you answer, plan three points on your fingers: first, next, finally.',
    'After a discussion, sum up what was said in one sentence.',
    'When someone asks you a question, repeat it in your own words before you answer.',
  ],
  socialEmotional: [
    'In your next group task, ask one person "What do you think?" and build on their answer.',
    'Listen without interrupting, then say back what you heard before giving your view.',
    'Practise a one-minute talk at home in front of someone you trust.',
  ],
  physical: [
    'Record yourself reading a paragraph aloud, then try it again slower and louder.',
    'Stand tall, feet apart, and look at three different people while you speak.',
    'Choose one word in each sentence to stress, and change your tone on questions.',
  ],
} as const satisfies Record<StrandKey, readonly [string, string, string]>;

/** The three practice suggestions for a strand (docs/product.md#my-oracy). */
export function suggestionsFor(strand: StrandKey): readonly string[] {
  return PRACTICE_SUGGESTIONS[strand];
}
