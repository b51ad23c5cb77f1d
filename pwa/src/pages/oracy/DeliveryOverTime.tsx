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
import { rangeShading } from '../../components/rangeShading';
import type { DeliveryTrendPoint } from '../../data/delivery';
import { FEW_PAUSES_PER_MINUTE } from '../../delivery/deliveryWords';
import { deliveryTrendSentence, TREND_FLAT_BELOW_SEMITONES, TREND_PACE_BANDS, type TrendReader } from './deliveryTrend';
import { formatScore, formatSubmissionDate } from './OracyCharts';
import '../../components/Chart.css';
import '../shared/area.css';
import './oracy.css';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip);

/** The shading of a figure's comfortable range: a pale green both the line and the grid stay readable over. */
const BAND_FILL = 'rgba(46, 125, 50, 0.12)';

/** One of the three small charts: the figure it reads, its title, the comfortable range and how that range is said. */
interface Measure {
  key: 'syllablesPerSecond' | 'pausesPerMinute' | 'variationSemitones';
  title: string;
  /** the table's column header */
  column: string;
  color: string;
  pointStyle: 'circle' | 'rect' | 'triangle';
  band: { min: number; max?: number };
  /** the sentence under the chart saying what the shading is */
  bandText: string;
  /** the y axis's top unless a value goes higher */
  suggestedMax: number;
}

/** The three figures, in the card's order: pace, pauses, expression (docs/product.md#how-did-it-sound). */
const MEASURES: readonly Measure[] = [
  {
    key: 'syllablesPerSecond',
    title: 'Pace (syllables a second)',
    column: 'Pace (syllables a second)',
    color: '#2e7d32',
    pointStyle: 'circle',
    band: { min: TREND_PACE_BANDS.slowBelow, max: TREND_PACE_BANDS.fastAbove },
    bandText: `Shaded: comfortable, ${TREND_PACE_BANDS.slowBelow.toFixed(1)}–${TREND_PACE_BANDS.fastAbove.toFixed(1)}.`,
    suggestedMax: 7,
  },
  {
    key: 'pausesPerMinute',
    title: 'Pauses per minute',
    column: 'Pauses per minute',
    color: '#1565c0',
    pointStyle: 'rect',
    band: { min: FEW_PAUSES_PER_MINUTE },
    bandText: `Shaded: ${FEW_PAUSES_PER_MINUTE} or more a minute.`,
    suggestedMax: 10,
  },
  {
    key: 'variationSemitones',
    title: 'Pitch variation (semitones)',
    column: 'Pitch variation (semitones)',
    color: '#6a1b9a',
    pointStyle: 'triangle',
    band: { min: TREND_FLAT_BELOW_SEMITONES },
    bandText: `Shaded: some variety or more, from ${TREND_FLAT_BELOW_SEMITONES.toFixed(1)}.`,
    suggestedMax: 4,
  },
];

/** A recording's day on a chart's axis, where room is short: "3 Jan" (the table gives the year). */
const formatShortDate = (iso: string): string => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/** A figure as the table shows it: one decimal, "—" for none. */
export const formatFigure = (value: number | null): string => (value === null ? '—' : value.toFixed(1));

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
 * ({@link deliveryTrendSentence}), the physical strand's scores when given, and three small line
 * charts — pace, pauses per minute, pitch variation — across the recordings, each with its
 * comfortable range shaded and said in words. The canvases are hidden from screen readers; one
 * table (Task, Date, Pace, Pauses per minute, Pitch variation) holds every number. Empty: "No
 * measured recordings yet.", with a link to Speaking practice for the student.
 */
export function DeliveryOverTime({ points, reader, physical }: DeliveryOverTimeProps) {
  const headingId = useId();
  const labels = points.map((point) => formatSubmissionDate(point.submittedAt));
  const ticks = points.map((point) => formatShortDate(point.submittedAt));

  return (
    <section aria-labelledby={headingId} className="oracy-section delivery-over-time">
      <h2 id={headingId} className="screen-section-title">
        Delivery over time
      </h2>
      {physical && (physical.selfAssessed !== null || physical.teacher !== null) && (
        <p className="oracy-strand">
          <span className="oracy-strand__label">Physical strand:</span>{' '}
          {[
            physical.selfAssessed !== null ? `self-assessed ${formatScore(physical.selfAssessed)}` : null,
            physical.teacher !== null ? `teacher-scored ${formatScore(physical.teacher)}` : null,
          ]
            .filter(Boolean)
            .join(', ')}
        </p>
      )}
      {points.length === 0 ? (
        <IonCard className="panel">
          <p className="delivery-trend">No measured recordings yet.</p>
          {reader.audience === 'student' && (
            <p className="oracy-actions">
              <Link to="/student/speaking" className="oracy-link">
                Speaking practice
              </Link>
            </p>
          )}
        </IonCard>
      ) : (
        <IonCard className="panel">
          <p className="delivery-trend">{deliveryTrendSentence(points, reader)}</p>
          <div className="delivery-over-time__charts">
            {MEASURES.map((measure) => (
              <MeasureChart key={measure.key} measure={measure} labels={ticks} values={points.map((point) => point[measure.key])} />
            ))}
          </div>
          <table className="visually-hidden">
            <caption>Delivery over time</caption>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Date</th>
                {MEASURES.map((measure) => (
                  <th key={measure.key} scope="col">
                    {measure.column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point, index) => (
                <tr key={point.recordingId}>
                  <th scope="row">{point.taskTitle}</th>
                  <td>{labels[index]}</td>
                  {MEASURES.map((measure) => (
                    <td key={measure.key}>{formatFigure(point[measure.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="oracy-note">
            {points.length === 1 ? 'One measured recording so far.' : `The last ${points.length} measured recordings, oldest first.`}
          </p>
        </IonCard>
      )}
    </section>
  );
}

/** One small chart: the figure across the recordings, its comfortable range shaded, and that range in words. */
function MeasureChart({ measure, labels, values }: { measure: Measure; labels: string[]; values: Array<number | null> }) {
  const titleId = useId();
  const data: ChartData<'line', Array<number | null>> = {
    labels,
    datasets: [
      {
        label: measure.title,
        data: values,
        borderColor: measure.color,
        backgroundColor: measure.color,
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
    plugins: { legend: { display: false }, rangeShading: { ranges: [{ axis: 'y', from: measure.band.min, ...(measure.band.max === undefined ? {} : { to: measure.band.max }) }], color: BAND_FILL } },
  };
  return (
    <figure className="chart-figure delivery-over-time__chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-figure__title">
        {measure.title}
      </figcaption>
      <div className="chart-figure__canvas" aria-hidden="true">
        <Line data={data} options={options} plugins={[rangeShading]} />
      </div>
      <p className="oracy-note delivery-over-time__band">{measure.bandText}</p>
    </figure>
  );
}
