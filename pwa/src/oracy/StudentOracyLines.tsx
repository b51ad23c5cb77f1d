import { Link } from 'react-router-dom';
import { LEVEL_LABELS, REASON_LABELS, STRAND_LABELS, strongestAndWeakest, type TeacherOracyStudent } from './oracy';
import { useI18n } from '../platform/i18n';
import { assessedAgo } from './oracyOverview';
import './oracyOverview.css';
import { formatDate } from '../platform/i18n/dates';

/** A level in words, as the level tables name it; "Not assessed" without one, and an unknown level as it came. */
function levelName(level: string | null | undefined): string {
  if (!level) return LEVEL_LABELS.notAssessed;
  return Object.hasOwn(LEVEL_LABELS, level) ? LEVEL_LABELS[level as keyof typeof LEVEL_LABELS] : level;
}

/** Props of {@link StudentOracyLines}. */
export interface StudentOracyLinesProps {
  /** the student's id, for the link to their profile */
  id: string;
  /** the student's name, for the link's accessible name */
  name: string;
  /** the student's row of the teacher's overview; undefined while it loads or when it could not be loaded */
  oracy: TeacherOracyStudent | undefined;
  /** the time the relative date counts from, ms since the epoch */
  now: number;
}

/**
 * A student's Oracy on a card of "Your Students" (docs/product.md#your-students-oracy): the
 * level or "Not assessed", "Last assessed 3 weeks ago" or "Never assessed",
 * "Weakest strand: …", a "Needs attention" badge with its reasons in words
 * (docs/product.md#needs-attention), and a "View Oracy profile" link to
 * /teacher/students/{id}. Without the overview, only the link.
 */
export function StudentOracyLines({ id, name, oracy, now }: StudentOracyLinesProps) {
  const { t } = useI18n();
  const weakest = oracy?.strands ? strongestAndWeakest(oracy.strands).weakest : null;
  return (
    <div className="student-oracy">
      {oracy && (
        <>
          <p className="person-card__line">
            <span className="person-card__label">{t('teacher.oracy.levelLabel')}</span> {levelName(oracy.level)}
          </p>
          <p className="person-card__line">
            {oracy.lastAssessedAt ? (
              <>
                {t('teacher.oracy.lastAssessed')}{' '}
                <time dateTime={oracy.lastAssessedAt} title={formatDate(oracy.lastAssessedAt, 'dateTime')}>
                  {assessedAgo(oracy.lastAssessedAt, now)}
                </time>
              </>
            ) : (
              t('teacher.oracy.neverAssessed')
            )}
          </p>
          {weakest && (
            <p className="person-card__line">
              <span className="person-card__label">{t('oracy.strengths.weakest')}</span> {STRAND_LABELS[weakest]}
            </p>
          )}
          {oracy.needsAttention.length > 0 && (
            <>
              <p className="person-card__line">
                <span className="attention-badge">{t('teacher.oracy.needsAttention')}</span>
              </p>
              <ul className="attention-reasons" aria-label={t('teacher.oracy.whyAttention')}>
                {oracy.needsAttention.map((reason) => (
                  <li key={reason}>{REASON_LABELS[reason]}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <Link className="student-oracy__link" to={`/teacher/students/${encodeURIComponent(id)}`} aria-label={t('teacher.oracy.viewProfileOf', { name })}>
        {t('teacher.oracy.viewProfile')}
      </Link>
    </div>
  );
}
