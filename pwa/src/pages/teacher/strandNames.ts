/**
 * The strands' names on the teacher's screens (docs/product.md#strands-snapshots-and-change), as
 * catalogue keys translated where they are shown.
 */
import type { StrandKey } from '../../data/oracy';
import type { MessageId } from '../../i18n';

/** The catalogue key of each strand's name: `physical` → "Physical". */
export const STRAND_NAMES: Record<StrandKey, MessageId> = {
  linguistic: 'teacher.strand.linguistic',
  cognitive: 'teacher.strand.cognitive',
  socialEmotional: 'teacher.strand.socialEmotional',
  physical: 'teacher.strand.physical',
};
