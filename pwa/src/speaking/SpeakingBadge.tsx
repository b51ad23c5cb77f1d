import { useI18n } from '../platform/i18n';
import { useSpeakingToDo } from './useSpeakingToDo';
import './navBadge.css';

/**
 * The count beside the student's "Speaking" tab and "Speaking Practice" menu entry
 * (docs/product.md#dashboard-layout): the speaking tasks still to answer ({@link useSpeakingToDo}),
 * shown as a number and read as "3 tasks to do"; nothing when there are none.
 */
export function SpeakingBadge() {
  const { t, intl } = useI18n();
  const count = useSpeakingToDo();
  if (count === 0) return null;
  // the space keeps the label and the count apart in the entry's accessible name
  return (
    <>
      {' '}
      <span className="nav-badge">
        <span aria-hidden="true">{intl.formatNumber(count)}</span>
        <span className="visually-hidden">{t('menu.speakingToDo', { count })}</span>
      </span>
    </>
  );
}
