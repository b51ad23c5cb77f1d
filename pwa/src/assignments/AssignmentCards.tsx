import { IonCard } from '@ionic/react';
import type { StudentAssignment } from '../people';
import { useI18n } from '../platform/i18n';
import '../courses/CourseCard.css';
import '../platform/ui/area.css';
import { formatDate } from '../platform/i18n/dates';

/** Props of {@link AssignmentCards}. */
export interface AssignmentCardsProps {
  /** one student's assignments, in the order to show (the API's: by due date) */
  assignments: readonly StudentAssignment[];
  /** the level of each card's title under the screen's headings: 2 on a screen of its own, 3 inside a section */
  titleLevel: 2 | 3;
}

/**
 * One student's assignments as cards: title, "Course:", "Due:" (a date in the active language, "31 Aug 2026") and "Status:" "Done"
 * or "Not done" (docs/product.md#my-assignments, docs/product.md#a-students-profile-for-teachers).
 */
export function AssignmentCards({ assignments, titleLevel }: AssignmentCardsProps) {
  const { t } = useI18n();
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="card-grid">
      {assignments.map((a) => (
        <li key={a.id}>
          <IonCard className="assignment-card">
            <Title className="assignment-card__title">{a.title}</Title>
            <p>{t('common.courseLabel', { course: a.courseTitle })}</p>
            <p>{t('shared.assignment.due', { date: formatDate(a.dueDate) })}</p>
            <p>
              {t('common.statusLabel')}{' '}
              <span className={`assignment-state assignment-state--${a.done ? 'done' : 'open'}`}>{t(a.done ? 'shared.assignment.done' : 'shared.assignment.notDone')}</span>
            </p>
          </IonCard>
        </li>
      ))}
    </ul>
  );
}
