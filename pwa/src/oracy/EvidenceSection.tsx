import { IonCard } from '@ionic/react';
import { Link } from 'react-router-dom';
import { intl, useI18n } from '../platform/i18n';
import { ScreenState } from '../platform/ui/ScreenState';
import { STRAND_LABELS, type MeasuredItem, type StrandEvidence, type StudentEvidence } from './oracy';
import { formatScore } from './OracyCharts';
import './oracy.css';

/** Who reads the evidence: the student themself, or a teacher (third person, with the student's first name). */
export type EvidenceReader = { audience: 'student' } | { audience: 'teacher'; firstName: string | null };

/** Props of {@link EvidenceSection}. */
export interface EvidenceSectionProps {
  /** the answer of `GET /api/student/oracy/{studentId}/evidence`, or undefined while there is none */
  evidence: StudentEvidence | undefined;
  /** true while the first load runs */
  loading: boolean;
  /** the failure of the load, shown only without data */
  error: unknown;
  onRetry: () => void;
  reader: EvidenceReader;
}

/** A figure in the active language: `digits` decimals at most. */
const figure = (value: number, digits = 1) => intl().formatNumber(value, { maximumFractionDigits: digits });

/** One measured item in words, e.g. "Pace: comfortable (rising over 5 takes)", "Fillers: 2.1 a minute". */
function useItemText() {
  const { t } = useI18n();
  return (item: MeasuredItem): string => {
    const text =
      item.kind === 'pace' || item.kind === 'expression' || item.kind === 'volume'
        ? t(`oracy.evidence.item.${item.kind}`, { band: item.band ?? 'none' })
        : t(`oracy.evidence.item.${item.kind}`, {
            value: item.kind === 'vocabularyRange' ? figure(Math.round(item.value * 100), 0) : figure(item.value, item.kind === 'wordsPerMinute' ? 0 : 1),
          });
    return item.trend && item.takes > 1 ? `${text} (${t('oracy.evidence.trend', { trend: item.trend, takes: item.takes })})` : text;
  };
}

/** True when a strand has nothing to show: no self-score, no teacher's score, nothing measured. */
const isEmpty = (strand: StrandEvidence) => strand.selfScore === null && strand.teacherScore === null && strand.measured.length === 0;

/** One strand's card: "You said", "Your teacher", "Measured", the gap line and the next task. */
function StrandCard({ strand, reader }: { strand: StrandEvidence; reader: EvidenceReader }) {
  const { t } = useI18n();
  const itemText = useItemText();
  const who = reader.audience;
  const headingId = `evidence-${strand.strand}`;
  const note = strand.measuredNote === 'none-yet' ? 'oracy.evidence.noneYet' : strand.measuredNote === 'no-peer-ratings' ? 'oracy.evidence.noPeerRatings' : 'oracy.evidence.noMeasures';
  const gap =
    strand.gap &&
    (reader.audience === 'student'
      ? t(`oracy.evidence.gap.student.${strand.gap.direction}`, { strand: strand.strand })
      : t(`oracy.evidence.gap.teacher.${strand.gap.direction}`, { strand: strand.strand, name: reader.firstName ?? t('oracy.evidence.someone') }));
  return (
    <IonCard className="panel evidence-card">
      <article aria-labelledby={headingId}>
        <h3 id={headingId} className="panel__title">
          {STRAND_LABELS[strand.strand]}
        </h3>
        <dl className="evidence-card__rows">
          <div className="evidence-card__row">
            <dt>{t(`oracy.evidence.self.${who}`)}</dt>
            <dd>{strand.selfScore === null ? t('oracy.evidence.notYet') : formatScore(strand.selfScore)}</dd>
          </div>
          <div className="evidence-card__row">
            <dt>{t(`oracy.evidence.teacher.${who}`)}</dt>
            <dd>{strand.teacherScore === null ? t('oracy.evidence.notYet') : formatScore(strand.teacherScore)}</dd>
          </div>
          <div className="evidence-card__row evidence-card__row--measured">
            <dt>{t('oracy.evidence.measured')}</dt>
            <dd>
              {strand.measured.length === 0 ? (
                t(note)
              ) : (
                <ul className="evidence-card__measured">
                  {strand.measured.map((item) => (
                    <li key={item.kind}>{itemText(item)}</li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
        {gap && <p className="evidence-card__gap">{gap}</p>}
        {strand.next && (
          <p className="evidence-card__next">
            <Link to={who === 'student' ? '/student/speaking' : '/teacher/speaking'} className="oracy-link">
              {t(`oracy.evidence.next.${who}`, { title: strand.next.title })}
            </Link>
          </p>
        )}
      </article>
    </IonCard>
  );
}

/**
 * "Your evidence" (student) or "Evidence" (teacher) (docs/product.md#evidence-beside-belief): one
 * card per strand with the self-score, the teacher's latest score, what was measured, the gap
 * reading and a link to the next task; loading, error and "No evidence yet…" states. The screen
 * owns the load (cached for offline use) and shows the offline banner.
 */
export function EvidenceSection({ evidence, loading, error, onRetry, reader }: EvidenceSectionProps) {
  const { t } = useI18n();
  const strands = evidence?.strands ?? [];
  return (
    <section aria-labelledby="oracy-evidence" className="oracy-section">
      <h2 id="oracy-evidence" className="screen-section-title">
        {t(`oracy.evidence.title.${reader.audience}`)}
      </h2>
      <ScreenState
        loading={loading && !evidence}
        loadingText={t('oracy.evidence.loading')}
        error={evidence ? undefined : error}
        errorText={t('oracy.evidence.loadFailed')}
        onRetry={onRetry}
        empty={strands.every(isEmpty)}
        emptyText={t('oracy.evidence.empty')}
      >
        <div className="evidence-grid">
          {strands.map((strand) => (
            <StrandCard key={strand.strand} strand={strand} reader={reader} />
          ))}
        </div>
      </ScreenState>
    </section>
  );
}
