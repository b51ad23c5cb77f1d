/**
 * The Oracy profile's two charts (docs/product.md#my-oracy): the latest strands against the
 * previous submission as a radar, and each strand over time as lines. Each
 * is a `<figure>` whose canvas is hidden from screen readers, with the same
 * numbers in a visually hidden table. Chart.js is imported only here and in
 * `components/Chart.tsx`, both reached from lazily loaded screens only.
 */
import { CategoryScale, Chart as ChartJS, Filler, Legend, LineElement, LinearScale, PointElement, RadialLinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useId, type ReactNode } from 'react';
import { Line, Radar } from 'react-chartjs-2';
import { chartColor, useChartScheme, withAlpha, type ChartColorName } from '../platform/ui/Chart';
import '../platform/ui/chartDefaults';
import { STRAND_KEYS, STRAND_LABELS, type Snapshot, type StrandKey } from './oracy';
import { intl, useI18n } from '../platform/i18n';
import '../platform/ui/Chart.css';
import './oracy.css';
import { formatDate } from '../platform/i18n/dates';

ChartJS.register(RadialLinearScale, CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

/**
 * The radar's shaded areas need Chart.js's Filler. It is given to the radar
 * alone (a chart's own plugin, with its defaults) rather than registered for
 * every chart, so the app's other charts look the same whether or not this
 * screen was opened.
 */
const RADAR_PLUGINS = [Filler];

/** One colour of the charts' palette and point style per strand, so the lines differ in more than colour. */
const STRAND_STYLES: Record<StrandKey, { color: ChartColorName; pointStyle: 'circle' | 'rect' | 'triangle' | 'rectRot'; dash: number[] }> = {
  linguistic: { color: 'green', pointStyle: 'circle', dash: [] },
  cognitive: { color: 'deep-orange', pointStyle: 'rect', dash: [6, 3] },
  socialEmotional: { color: 'blue', pointStyle: 'triangle', dash: [2, 2] },
  physical: { color: 'purple', pointStyle: 'rectRot', dash: [10, 4] },
};

/** A submission's date as shown in the profile, in the active language, e.g. "5 Mar 2026". */
export function formatSubmissionDate(iso: string): string {
  return formatDate(iso, 'date');
}

/** A score as shown: two decimals, in the active language ("3.50", "3,50"). */
export const formatScore = (value: number): string => intl().formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface FigureProps {
  title: string;
  /** the first column's header */
  rowHeader: string;
  /** the table's column headers after the first */
  columns: string[];
  /** one row per label: its header, then one value per column (`null`: none, shown as "—") */
  rows: { label: string; values: Array<number | null> }[];
  /** the canvas */
  children: ReactNode;
  className?: string;
}

/** A chart's figure: the visible title, the canvas hidden from screen readers, and its numbers as a table. */
function OracyFigure({ title, rowHeader, columns, rows, children, className }: FigureProps) {
  const headingId = useId();
  return (
    <figure className={`chart-figure ${className ?? ''}`} aria-labelledby={headingId}>
      <figcaption id={headingId} className="chart-figure__title">
        {title}
      </figcaption>
      <div className="chart-figure__canvas" aria-hidden="true">
        {children}
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row.label}</th>
              {row.values.map((value, column) => (
                <td key={column}>{value === null ? '—' : formatScore(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Strand scores some of which may be missing (teachers score only a task's focus strands). */
export type PartialStrands = Partial<Record<StrandKey, number>>;

/** Props of {@link StrandRadar}. */
export interface StrandRadarProps {
  latest: Snapshot;
  /** the submission before it; `null` with a single submission */
  previous: Snapshot | null;
  /** the teachers' speaking-practice scores of the last 90 days (docs/product.md#oracy-profile); drawn as a third dataset when present */
  teacher?: PartialStrands | null;
}

/**
 * The latest submission's four strands against the previous one's, as a
 * radar on the 1–5 scale, with the numbers as a table "Strand / Latest /
 * Previous" (docs/product.md#my-oracy). With one submission only the latest is drawn. With
 * teachers' scores, a third dataset "Teacher-scored (last 90 days)" (its column "Teacher-scored",
 * "—" for a strand without a score).
 */
export function StrandRadar({ latest, previous, teacher = null }: StrandRadarProps) {
  const { t } = useI18n();
  const scheme = useChartScheme();
  const title = t(previous ? 'oracy.radar.titleWithPrevious' : 'oracy.radar.title');
  const hasTeacher = teacher !== null && STRAND_KEYS.some((key) => teacher[key] !== undefined);
  const series = [
    {
      label: t('oracy.radar.latestDated', { date: formatSubmissionDate(latest.submittedAt) }),
      column: t('oracy.radar.latest'),
      strands: latest.strands as PartialStrands,
      color: chartColor('green'),
      fill: withAlpha(chartColor('green'), 0.2),
      dash: [],
    },
    ...(previous
      ? [
          {
            label: t('oracy.radar.previousDated', { date: formatSubmissionDate(previous.submittedAt) }),
            column: t('oracy.radar.previous'),
            strands: previous.strands as PartialStrands,
            color: chartColor('deep-orange'),
            fill: withAlpha(chartColor('deep-orange'), 0.1),
            dash: [6, 3],
          },
        ]
      : []),
    ...(hasTeacher && teacher
      ? [
          {
            label: t('oracy.radar.teacherScoredRecent'),
            column: t('oracy.teacherScored'),
            strands: teacher,
            color: chartColor('blue'),
            fill: withAlpha(chartColor('blue'), 0.08),
            dash: [2, 2],
          },
        ]
      : []),
  ];
  const data: ChartData<'radar', Array<number | null>> = {
    labels: STRAND_KEYS.map((key) => STRAND_LABELS[key]),
    datasets: series.map((s) => ({
      label: s.label,
      data: STRAND_KEYS.map((key) => s.strands[key] ?? null),
      borderColor: s.color,
      backgroundColor: s.fill,
      pointBackgroundColor: s.color,
      borderDash: s.dash,
      spanGaps: true,
      fill: true,
    })),
  };
  const options: ChartOptions<'radar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    // the tick numbers, in the palette's text colour, sit on a box of the chart's own surface, light or dark
    scales: { r: { min: 1, max: 5, ticks: { stepSize: 1, color: chartColor('text'), backdropColor: withAlpha(chartColor('surface'), 0.85) } } },
  };
  return (
    <OracyFigure
      title={title}
      className="oracy-chart oracy-chart--radar"
      rowHeader={t('oracy.strand')}
      columns={series.map((s) => s.column)}
      rows={STRAND_KEYS.map((key) => ({ label: STRAND_LABELS[key], values: series.map((s) => s.strands[key] ?? null) }))}
    >
      <Radar key={scheme} data={data} options={options} plugins={RADAR_PLUGINS} />
    </OracyFigure>
  );
}

/** Props of {@link StrandTimeline}. */
export interface StrandTimelineProps {
  /** the submissions, newest first (as the API answers them) */
  history: readonly Snapshot[];
}

/**
 * Each strand over time, oldest submission first, one line per strand on
 * the 1–5 scale, with the numbers as a table "Date / the four strands"
 * (docs/product.md#my-oracy). A single submission is drawn as single points.
 */
export function StrandTimeline({ history }: StrandTimelineProps) {
  const { t } = useI18n();
  const scheme = useChartScheme();
  const ordered = [...history].reverse();
  const dates = ordered.map((s) => formatSubmissionDate(s.submittedAt));
  // Several submissions on one day: add the time, so every point has its own label.
  const sameDay = new Set(dates).size < dates.length;
  const labels = sameDay ? ordered.map((s) => t('oracy.timeline.dateTime', { date: formatSubmissionDate(s.submittedAt), time: formatDate(s.submittedAt, 'time') })) : dates;
  const data: ChartData<'line'> = {
    labels,
    datasets: STRAND_KEYS.map((key) => ({
      label: STRAND_LABELS[key],
      data: ordered.map((s) => s.strands[key]),
      borderColor: chartColor(STRAND_STYLES[key].color),
      backgroundColor: chartColor(STRAND_STYLES[key].color),
      pointStyle: STRAND_STYLES[key].pointStyle,
      pointRadius: 4,
      borderDash: STRAND_STYLES[key].dash,
      tension: 0.2,
      fill: false,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: { y: { min: 1, max: 5, ticks: { stepSize: 1 } } },
    plugins: { legend: { labels: { usePointStyle: true } } },
  };
  return (
    <OracyFigure
      title={t('oracy.timeline.title')}
      className="oracy-chart"
      rowHeader={t('oracy.date')}
      columns={STRAND_KEYS.map((key) => STRAND_LABELS[key])}
      rows={ordered.map((s, index) => ({ label: labels[index] ?? '', values: STRAND_KEYS.map((key) => s.strands[key]) }))}
    >
      <Line key={scheme} data={data} options={options} />
    </OracyFigure>
  );
}
