import { Link } from 'react-router-dom';
import { REASON_LABELS, STRAND_LABELS, strongestAndWeakest, type TeacherOracyStudent } from '../../data/oracy';
import { assessedAgo } from '../shared/oracyOverview';
import '../shared/oracyOverview.css';

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
  const weakest = oracy?.strands ? strongestAndWeakest(oracy.strands).weakest : null;
  return (
    <div className="student-oracy">
      {oracy && (
        <>
          <p className="person-card__line">
            <span className="person-card__label">Level:</span> {oracy.level ?? 'Not assessed'}
          </p>
          <p className="person-card__line">
            {oracy.lastAssessedAt ? (
              <>
                Last assessed{' '}
                <time dateTime={oracy.lastAssessedAt} title={new Date(oracy.lastAssessedAt).toLocaleString()}>
                  {assessedAgo(oracy.lastAssessedAt, now)}
                </time>
              </>
            ) : (
              'Never assessed'
            )}
          </p>
          {weakest && (
            <p className="person-card__line">
              <span className="person-card__label">Weakest strand:</span> {STRAND_LABELS[weakest]}
            </p>
          )}
          {oracy.needsAttention.length > 0 && (
            <>
              <p className="person-card__line">
                <span className="attention-badge">Needs attention</span>
              </p>
              <ul className="attention-reasons" aria-label="Why this student needs attention">
                {oracy.needsAttention.map((reason) => (
                  <li key={reason}>{REASON_LABELS[reason]}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <Link className="student-oracy__link" to={`/teacher/students/${encodeURIComponent(id)}`} aria-label={`View Oracy profile of ${name}`}>
        View Oracy profile
      </Link>
    </div>
  );
}
