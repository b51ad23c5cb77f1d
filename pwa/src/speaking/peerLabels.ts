import { useI18n, type MessageId } from '../platform/i18n';
import { STRAND_KEYS, STRAND_LABELS } from '../oracy';
import type { PeerStem } from './peers';

/** The catalogue keys of the sentence stems ("I liked how you…"), docs/product.md#talk-partners. */
export const STEM_LABELS: Record<PeerStem, MessageId> = {
  liked: 'peers.stem.liked',
  next: 'peers.stem.next',
  unsure: 'peers.stem.unsure',
};

/** A function writing clarity ratings as "Linguistic 2 of 3, Physical 3 of 3", in the strands' order. */
export function useClarityText() {
  const { t } = useI18n();
  return (clarity: Partial<Record<string, number>>) =>
    STRAND_KEYS.filter((key) => clarity[key] !== undefined)
      .map((key) => t('peers.clarityOf', { strand: STRAND_LABELS[key], score: clarity[key] }))
      .join(', ');
}
