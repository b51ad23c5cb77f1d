import { IonButton, IonCard, IonText } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { LEVEL_LABELS, STRAND_KEYS, STRAND_LABELS, strongestAndWeakest, type Snapshot, type Strands, type StudentOracy } from './oracy';
import { useI18n } from '../platform/i18n';
import { StatCard } from '../platform/ui/StatCard';
import { ChangeFigure } from './ChangeFigure';
import { DeliveryOverTime } from './DeliveryOverTime';
import { formatScore, formatSubmissionDate, StrandRadar, StrandTimeline, type PartialStrands } from './OracyCharts';
import { suggestionsFor } from './suggestions';
import '../platform/ui/area.css';
import './oracy.css';

/** How many submissions one page of the history holds (the API's page size, docs/product.md#oracy-profile-calls). */
export const HISTORY_PAGE_SIZE = 50;

/** Props of {@link TeacherScoresTable}. */
export interface TeacherScoresTableProps {
  /** the latest submission's strands (self-assessed, 1–5) */
  selfAssessed: Strands;
  /** the mean of teachers' speaking-practice scores per strand over the last 90 days (1–5); a strand without any is missing */
  teacher: PartialStrands;
}

/**
 * The self-assessed strands beside the teacher-scored ones (docs/product.md#oracy-profile): a
 * table "Strand | Self-assessed | Teacher-scored", "—" where no teacher scored a strand, with
 * its caption and a note on where the teachers' scores come from.
 */
export function TeacherScoresTable({ selfAssessed, teacher }: TeacherScoresTableProps) {
  const { t } = useI18n();
  return (
    <div className="oracy-teacher-scores">
      <table className="oracy-table">
        <caption>{t('oracy.teacherScores.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('oracy.strand')}</th>
            <th scope="col">{t('oracy.selfAssessed')}</th>
            <th scope="col">{t('oracy.teacherScored')}</th>
          </tr>
        </thead>
        <tbody>
          {STRAND_KEYS.map((key) => {
            const score = teacher[key];
            return (
              <tr key={key}>
                <th scope="row">{STRAND_LABELS[key]}</th>
                <td>{formatScore(selfAssessed[key])}</td>
                <td>{score === undefined ? '—' : formatScore(score)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="oracy-note">{t('oracy.teacherScores.note')}</p>
    </div>
  );
}

/** Props of {@link OracyProfileView}. */
export interface OracyProfileViewProps {
  /** the answer of `GET /api/student/oracy/{studentId}`, with at least one submission */
  profile: StudentOracy;
  /** who reads it: the student themself, or one of their teachers (suggestions addressed to them) */
  audience: 'student' | 'teacher';
  /** loads the submissions strictly before `before` (an ISO time), newest first: the next page of the history */
  loadOlder: (before: string, signal: AbortSignal) => Promise<Snapshot[]>;
  /** the student's first name, for a teacher's sentence on the trend of their delivery; null while unknown */
  studentFirstName?: string | null;
}

/**
 * The profile's history (docs/product.md#oracy-profile-calls): the first page, then the older pages
 * `showOlder` loads, each submission once; `hasMore` while the last page was full.
 */
function useOlderHistory(profile: StudentOracy, loadOlder: OracyProfileViewProps['loadOlder']) {
  const [older, setOlder] = useState<Snapshot[]>([]);
  const [lastPageSize, setLastPageSize] = useState(profile.history.length);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  // The first page, then the older pages, each submission once (a reload may overlap a loaded page).
  const seen = new Set<string>();
  const history = [...profile.history, ...older].filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true)));
  const hasMore = (older.length === 0 ? profile.history.length : lastPageSize) >= HISTORY_PAGE_SIZE;

  const showOlder = async () => {
    const last = history.at(-1);
    if (!last || loadingOlder) return;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLoadingOlder(true);
    setOlderFailed(false);
    try {
      const page = await loadOlder(last.submittedAt, controller.signal);
      if (controller.signal.aborted) return;
      setOlder((current) => [...current, ...page]);
      setLastPageSize(page.length);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Could not load older submissions', error);
      setOlderFailed(true);
    } finally {
      if (!controller.signal.aborted) setLoadingOlder(false);
    }
  };

  return { history, hasMore, loadingOlder, olderFailed, showOlder };
}

/** The strongest and weakest strand, with three practice suggestions for the weakest addressed to `audience`. */
function StrengthsSection({ strands, audience }: { strands: Strands; audience: OracyProfileViewProps['audience'] }) {
  const { t } = useI18n();
  const { strongest, weakest } = strongestAndWeakest(strands);
  const weakestLabel = STRAND_LABELS[weakest];
  return (
    <section aria-labelledby="oracy-strengths" className="oracy-section">
      <h2 id="oracy-strengths" className="screen-section-title">
        {t('oracy.strengths.title')}
      </h2>
      <IonCard className="panel">
        <p className="oracy-strand">
          <span className="oracy-strand__label">{t('oracy.strengths.strongest')}</span>{' '}
          {t('oracy.strengths.strandScore', { strand: STRAND_LABELS[strongest], score: formatScore(strands[strongest]) })}
        </p>
        <p className="oracy-strand">
          <span className="oracy-strand__label">{t('oracy.strengths.weakest')}</span> {t('oracy.strengths.strandScore', { strand: weakestLabel, score: formatScore(strands[weakest]) })}
        </p>
        <h3 id="oracy-suggestions" className="panel__title oracy-suggestions__title">
          {t(audience === 'student' ? 'oracy.suggestions.student' : 'oracy.suggestions.teacher', { strand: weakestLabel })}
        </h3>
        <ul className="oracy-suggestions" aria-labelledby="oracy-suggestions">
          {suggestionsFor(weakest).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </IonCard>
    </section>
  );
}

/** The history as a list, newest first, with "Show older" while there may be more. */
function HistorySection({ history, hasMore, loadingOlder, olderFailed, showOlder }: ReturnType<typeof useOlderHistory>) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="oracy-history" className="oracy-section">
      <h2 id="oracy-history" className="screen-section-title">
        {t('oracy.history.title')}
      </h2>
      <ol className="oracy-history" aria-labelledby="oracy-history">
        {history.map((s) => (
          <li key={s.id} className="oracy-history__item">
            <time dateTime={s.submittedAt} className="oracy-history__date">
              {formatSubmissionDate(s.submittedAt)}
            </time>
            <span>{LEVEL_LABELS[s.level]}</span>
            <span>{t('oracy.history.mean', { mean: formatScore(s.mean) })}</span>
          </li>
        ))}
      </ol>
      {olderFailed && (
        <IonText color="danger">
          <p role="alert">{t('oracy.history.loadFailed')}</p>
        </IonText>
      )}
      {hasMore && (
        <IonButton fill="outline" className="oracy-history__more" disabled={loadingOlder} onClick={() => void showOlder()}>
          {t(loadingOlder ? 'oracy.history.loadingOlder' : 'oracy.history.showOlder')}
        </IonButton>
      )}
    </section>
  );
}

/**
 * A student's Oracy profile (docs/product.md#my-oracy, docs/product.md#a-students-profile-for-teachers,
 * docs/product.md#oracy-profile): level, mean and change; the strand charts with their tables and the
 * teachers' scores when there are any; "Delivery over time"; strengths and suggestions; the history.
 * Shows nothing without a submission: the screens show their empty state instead.
 */
export function OracyProfileView({ profile, audience, loadOlder, studentFirstName = null }: OracyProfileViewProps) {
  const { t } = useI18n();
  const olderHistory = useOlderHistory(profile, loadOlder);
  const { history } = olderHistory;

  const { latest, previous, change } = profile;
  const teacher: PartialStrands | null = profile.teacherStrands ?? null;
  const hasTeacher = teacher !== null && STRAND_KEYS.some((key) => teacher[key] !== undefined);
  if (!latest) return null;

  return (
    <div className="oracy-profile">
      <ul className="stat-grid">
        <StatCard label={t('oracy.level')} value={LEVEL_LABELS[latest.level]} accent />
        <StatCard label={t('oracy.mean')} value={formatScore(latest.mean)} />
        {change !== null && <StatCard label={t('oracy.change')} value={<ChangeFigure change={change} />} />}
      </ul>

      <div className="dashboard-panels dashboard-panels--even">
        <IonCard className="panel">
          <StrandRadar latest={latest} previous={previous} teacher={hasTeacher ? teacher : null} />
          {hasTeacher && teacher && <TeacherScoresTable selfAssessed={latest.strands} teacher={teacher} />}
        </IonCard>
        <IonCard className="panel">
          <StrandTimeline history={history} />
          {history.length === 1 && <p className="oracy-note">{t('oracy.timeline.single')}</p>}
        </IonCard>
      </div>

      <DeliveryOverTime
        points={profile.delivery}
        reader={audience === 'student' ? { audience } : { audience, firstName: studentFirstName }}
        physical={{ selfAssessed: latest.strands.physical, teacher: teacher?.physical ?? null }}
      />

      <StrengthsSection strands={latest.strands} audience={audience} />
      <HistorySection {...olderHistory} />
    </div>
  );
}
