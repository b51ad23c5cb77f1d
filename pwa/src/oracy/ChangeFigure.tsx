import { IonIcon } from '@ionic/react';
import { arrowDown, arrowUp, remove } from 'ionicons/icons';
import { changeDirection, formatChange, type ChangeDirection } from './oracy';
import { useI18n, type MessageId } from '../platform/i18n';
import './oracy.css';

/** Per direction: the arrow drawn and the word a screen reader says before the figure. */
const DIRECTIONS: Record<ChangeDirection, { icon: string; word: MessageId }> = {
  rise: { icon: arrowUp, word: 'oracy.changeRise' },
  fall: { icon: arrowDown, word: 'oracy.changeFall' },
  same: { icon: remove, word: 'oracy.changeSame' },
};

/**
 * A change of a mean score since the previous submission (docs/product.md#oracy-profile): the
 * figure as {@link formatChange} writes it, after an arrow — up in the success colour for a rise,
 * down in the warning colour for a fall, a dash in the neutral colour for none — so the colour is
 * never the only sign. The arrow is hidden from screen readers, which hear "Up", "Down" or "No
 * change" before the figure instead.
 */
export function ChangeFigure({ change }: { change: number }) {
  const { t } = useI18n();
  const direction = changeDirection(change);
  const { icon, word } = DIRECTIONS[direction];
  return (
    <span className={`oracy-change oracy-change--${direction}`}>
      <IonIcon icon={icon} aria-hidden="true" className="oracy-change__arrow" />
      <span className="visually-hidden">{t(word)} </span>
      {formatChange(change)}
    </span>
  );
}
