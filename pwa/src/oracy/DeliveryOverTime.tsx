/**
 * "Delivery over time" (docs/product.md#delivery-over-time): a student's pace, pauses per minute
 * and pitch variation across their last 10 measured recordings, on My Oracy and on a student's
 * profile for teachers. Chart.js comes with the profile's own charts (`OracyCharts.tsx`), in the
 * same lazily loaded screens.
 */
import { CategoryScale, Chart as ChartJS, LineElement, LinearScale, PointElement, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { IonCard } from '@ionic/react';
import { useId } from 'react';
import { Line } from 'react-chartjs-2';
import { Link } from 'react-router-dom';
import { chartColor, useChartScheme, withAlpha, type ChartColorName } from '../platform/ui/Chart';
import '../platform/ui/chartDefaults';
import { rangeShading } from '../platform/ui/rangeShading';
import { FEW_PAUSES_PER_MINUTE, type DeliveryTrendPoint } from '../delivery';
import { intl, t, useI18n, type MessageId, type MessageValues } from '../platform/i18n';
import { deliveryTrendSentence, TREND_FLAT_BELOW_SEMITONES, TREND_PACE_BANDS, type TrendReader } from './deliveryTrend';
import { formatScore, formatSubmissionDate } from './OracyCharts';
import '../platform/ui/Chart.css';
import '../platform/ui/area.css';
import './oracy.css';
import { formatDate } from '../platform/i18n/dates';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip);

/** The shading of a figure's comfortable range: a pale green both the line and the grid stay readable over. */
const bandFill = () => withAlpha(chartColor('green'), 0.12);

/** One of the small charts: the figure it reads, its title, and the comfortable range and how it is said where there is one. */
interface Measure {
  key: 'syllablesPerSecond' | 'pausesPerMinute' | 'variationSemitones' | 'wordsPerMinute' | 'fillersPerMinute';
  /** the chart's title (a catalogue key) */
  title: MessageId;
  /** the table's column header (a catalogue key) */
  column: MessageId;
  /** the line's colour in the charts' palette */
  color: ChartColorName;
  pointStyle: 'circle' | 'rect' | 'triangle' | 'rectRot' | 'star';
  /** the comfortable range, shaded, with the sentence under the chart that says it (a catalogue key) and its values; none for the transcript's figures */
  band?: { min: number; max?: number; text: MessageId; values: () => MessageValues };
  /** shown only when some recording has the figure (the transcript's figures need a transcript) */
  optional?: true;
  /** the y axis's top unless a value goes higher */
  suggestedMax: number;
}

/** The figures, in the card's order: pace, pauses, expression (docs/product.md#how-did-it-sound), then the transcript's words and fillers a minute. */
const MEASURES: readonly Measure[] = [
  {
    key: 'syllablesPerSecond',
    title: 'oracy.delivery.pace',
    column: 'oracy.delivery.pace',
    color: 'green',
    pointStyle: 'circle',
    band: {
      min: TREND_PACE_BANDS.slowBelow,
      max: TREND_PACE_BANDS.fastAbove,
      text: 'oracy.delivery.paceBand',
      values: () => ({ min: formatFigure(TREND_PACE_BANDS.slowBelow), max: formatFigure(TREND_PACE_BANDS.fastAbove) }),
    },
    suggestedMax: 7,
  },
  {
    key: 'pausesPerMinute',
    title: 'oracy.delivery.pauses',
    column: 'oracy.delivery.pauses',
    color: 'blue',
    pointStyle: 'rect',
    band: { min: FEW_PAUSES_PER_MINUTE, text: 'oracy.delivery.pausesBand', values: () => ({ count: FEW_PAUSES_PER_MINUTE }) },
    suggestedMax: 10,
  },
  {
    key: 'variationSemitones',
    title: 'oracy.delivery.variation',
    column: 'oracy.delivery.variation',
    color: 'purple',
    pointStyle: 'triangle',
    band: { min: TREND_FLAT_BELOW_SEMITONES, text: 'oracy.delivery.variationBand', values: () => ({ min: formatFigure(TREND_FLAT_BELOW_SEMITONES) }) },
    suggestedMax: 4,
  },
  {
    key: 'wordsPerMinute',
    title: 'oracy.delivery.wordsPerMinute',
    column: 'oracy.delivery.wordsPerMinute',
    color: 'orange',
    pointStyle: 'rectRot',
    optional: true,
    suggestedMax: 200,
  },
  {
    key: 'fillersPerMinute',
    title: 'oracy.delivery.fillersPerMinute',
    column: 'oracy.delivery.fillersPerMinute',
    color: 'deep-orange',
    pointStyle: 'star',
    optional: true,
    suggestedMax: 10,
  },
];

/** The measures to show for these recordings: the delivery figures always, the transcript's where some recording has them. */
function measuresFor(points: readonly DeliveryTrendPoint[]): readonly Measure[] {
  return MEASURES.filter((measure) => !measure.optional || points.some((point) => point[measure.key] !== null));
}

/** A recording's day on a chart's axis, where room is short: "3 Jan" (the table gives the year). */
const formatShortDate = (iso: string): string => formatDate(iso, 'dayMonth');

/** A figure as the table shows it: one decimal in the active language, "—" for none. */
export const formatFigure = (value: number | null): string => (value === null ? '—' : intl().formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** Props of {@link DeliveryOverTime}. */
export interface DeliveryOverTimeProps {
  /** the profile's `delivery`: the last 10 measured recordings, oldest first */
  points: readonly DeliveryTrendPoint[];
  /** who reads it: the student (second person, a link to speaking practice when empty) or a teacher (third person) */
  reader: TrendReader;
  /** the physical strand's latest scores (1–5), shown beside the figures: self-assessed and teacher-scored (null: none) */
  physical?: { selfAssessed: number | null; teacher: number | null };
}

/**
 * The section "Delivery over time" (docs/product.md#delivery-over-time): one sentence on the trend
 * ({@link deliveryTrendSentence}), the physical strand's scores when given, and small line
 * charts — pace, pauses per minute, pitch variation, and words and fillers a minute once some
 * recording has a transcript — across the recordings, the delivery figures with their
 * comfortable range shaded and said in words. The canvases are hidden from screen readers; one
 * table (Task, Date and one column per chart) holds every number. Empty: "No
 * measured recordings yet.", with a link to Speaking practice for the student.
 */
export function DeliveryOverTime({ points, reader, physical }: DeliveryOverTimeProps) {
  const headingId = useId();
  const { t } = useI18n();
  const labels = points.map((point) => formatSubmissionDate(point.submittedAt));
  const ticks = points.map((point) => formatShortDate(point.submittedAt));
  const measures = measuresFor(points);

  return (
    <section aria-labelledby={headingId} className="oracy-section delivery-over-time">
      <h2 id={headingId} className="screen-section-title">
        {t('oracy.delivery.title')}
      </h2>
      {physical && (physical.selfAssessed !== null || physical.teacher !== null) && (
        <p className="oracy-strand">
          <span className="oracy-strand__label">{t('oracy.delivery.physical')}</span> {physicalScores(physical.selfAssessed, physical.teacher)}
        </p>
      )}
      {points.length === 0 ? (
        <IonCard className="panel">
          <p className="delivery-trend">{t('oracy.delivery.empty')}</p>
          {reader.audience === 'student' && (
            <p className="oracy-actions">
              <Link to="/student/speaking" className="oracy-link">
                {t('oracy.delivery.speakingLink')}
              </Link>
            </p>
          )}
        </IonCard>
      ) : (
        <IonCard className="panel">
          <p className="delivery-trend">{deliveryTrendSentence(points, reader)}</p>
          <div className="delivery-over-time__charts">
            {measures.map((measure) => (
              <MeasureChart key={measure.key} measure={measure} labels={ticks} values={points.map((point) => point[measure.key])} />
            ))}
          </div>
          <table className="visually-hidden">
            <caption>{t('oracy.delivery.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('oracy.delivery.task')}</th>
                <th scope="col">{t('oracy.date')}</th>
                {measures.map((measure) => (
                  <th key={measure.key} scope="col">
                    {t(measure.column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point, index) => (
                <tr key={point.recordingId}>
                  <th scope="row">{point.taskTitle}</th>
                  <td>{labels[index]}</td>
                  {measures.map((measure) => (
                    <td key={measure.key}>{formatFigure(point[measure.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="oracy-note">{t('oracy.delivery.count', { count: points.length })}</p>
        </IonCard>
      )}
    </section>
  );
}

/** The physical strand's scores in words: "self-assessed 2.75, teacher-scored 3.50", or the one there is. */
function physicalScores(selfAssessed: number | null, teacher: number | null): string {
  if (selfAssessed !== null && teacher !== null) return t('oracy.delivery.physicalBoth', { self: formatScore(selfAssessed), teacher: formatScore(teacher) });
  if (selfAssessed !== null) return t('oracy.delivery.physicalSelf', { self: formatScore(selfAssessed) });
  return teacher === null ? '' : t('oracy.delivery.physicalTeacher', { teacher: formatScore(teacher) });
}

/** One small chart: the figure across the recordings, its comfortable range shaded, and that range in words. */
function MeasureChart({ measure, labels, values }: { measure: Measure; labels: string[]; values: Array<number | null> }) {
  const titleId = useId();
  const { t } = useI18n();
  const scheme = useChartScheme();
  const title = t(measure.title);
  const data: ChartData<'line', Array<number | null>> = {
    labels,
    datasets: [
      {
        label: title,
        data: values,
        borderColor: chartColor(measure.color),
        backgroundColor: chartColor(measure.color),
        pointStyle: measure.pointStyle,
        pointRadius: 4,
        tension: 0.2,
        spanGaps: true,
      },
    ],
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: { x: { ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 4 } }, y: { min: 0, suggestedMax: measure.suggestedMax } },
    plugins: {
      legend: { display: false },
      rangeShading: { ranges: measure.band ? [{ axis: 'y', from: measure.band.min, ...(measure.band.max === undefined ? {} : { to: measure.band.max }) }] : [], color: bandFill() },
    },
  };
  return (
    <figure className="chart-figure delivery-over-time__chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-figure__title">
        {title}
      </figcaption>
      <div className="chart-figure__canvas" aria-hidden="true">
        <Line key={scheme} data={data} options={options} plugins={[rangeShading]} />
      </div>
      {measure.band && <p className="oracy-note delivery-over-time__band">{t(measure.band.text, measure.band.values())}</p>}
    </figure>
  );
}
