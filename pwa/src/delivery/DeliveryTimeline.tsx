/**
 * The timeline of "How did it sound?" (docs/product.md#how-did-it-sound). Chart.js is imported
 * here only, and this module is loaded lazily by `DeliveryCard`, so the charts stay out of the
 * task screen's own chunk.
 */
import { Chart as ChartJS, Legend, LineElement, LinearScale, PointElement, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useId, useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import type { DeliveryReport } from '@oracy/api/delivery';
import { CHART_COLORS, chartColor, useChartScheme, withAlpha } from '../platform/ui/Chart';
import '../platform/ui/chartDefaults';
import { t, useI18n } from '../platform/i18n';
import { rangeShading } from '../platform/ui/rangeShading';
import { formatClock } from '../speaking';
import { formatSeconds } from './deliveryWords';
import '../platform/ui/Chart.css';

ChartJS.register(LinearScale, PointElement, LineElement, Tooltip, Legend);

/** A pause, ms from the start of the take. */
export interface Pause {
  startMs: number;
  endMs: number;
}

/** The shading of the pauses: a pale blue of the charts' palette that both lines stay readable over. */
export const pauseFill = (): string => withAlpha(chartColor('blue'), 0.16);

/** The index of the pause that contains `ms` (ms from the start of the take), or -1. */
export function pauseAt(pauses: readonly Pause[], ms: number): number {
  return pauses.findIndex((pause) => ms >= pause.startMs && ms <= pause.endMs);
}

/** A pause's button text in the active language: "Pause 2: 3.4 s to 4.1 s — play from here" (`index` from 0). */
export function pauseLabel(pause: Pause, index: number): string {
  return t('delivery.timeline.pauseButton', { number: index + 1, start: formatSeconds(pause.startMs), end: formatSeconds(pause.endMs) });
}

/** Props of {@link DeliveryTimeline}. */
export interface DeliveryTimelineProps {
  report: DeliveryReport;
  /** plays the take from a time in ms from its start */
  onPlayFrom: (ms: number) => void;
}

/**
 * The take's loudness (dBFS, left axis) and pitch (Hz, right axis) every `timeline.stepMs`, with
 * its pauses shaded (docs/product.md#how-did-it-sound). The canvas is hidden from screen
 * readers: a sentence says what it shows, and the pauses are a list of buttons ("Pause 2: 3.4 s
 * to 4.1 s — play from here") that play the take from the pause; tapping a shaded pause in the
 * chart does the same.
 */
export default function DeliveryTimeline({ report, onPlayFrom }: DeliveryTimelineProps) {
  const { t: translate } = useI18n();
  const titleId = useId();
  const pauses = report.pauses.list;
  const { stepMs, levelDbfs, pitchHz } = report.timeline;
  const scheme = useChartScheme();

  const data = useMemo<ChartData<'line', Array<{ x: number; y: number | null }>>>(
    () => ({
      datasets: [
        {
          label: translate('delivery.timeline.loudness'),
          data: levelDbfs.map((y, i) => ({ x: (i * stepMs) / 1000, y })),
          yAxisID: 'level',
          borderColor: CHART_COLORS.primary,
          backgroundColor: CHART_COLORS.primary,
          borderWidth: 1.5,
          pointRadius: 0,
        },
        {
          label: translate('delivery.timeline.pitch'),
          data: pitchHz.map((y, i) => ({ x: (i * stepMs) / 1000, y })),
          yAxisID: 'pitch',
          borderColor: CHART_COLORS.secondary,
          backgroundColor: CHART_COLORS.secondary,
          borderWidth: 1.5,
          borderDash: [4, 2],
          pointRadius: 0,
          spanGaps: false,
        },
      ],
    }),
    // `scheme`: the palette's colours are read again when the device switches
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `scheme` re-reads the palette's colours on a light/dark switch
    [levelDbfs, pitchHz, stepMs, translate, scheme],
  );

  const options = useMemo<ChartOptions<'line'>>(() => {
    const pauseUnder = (chart: ChartJS, pixel: number | null | undefined): number => {
      const x = chart.scales['x'];
      if (!x || pixel === null || pixel === undefined) return -1;
      const seconds = x.getValueForPixel(pixel);
      return seconds === undefined ? -1 : pauseAt(pauses, seconds * 1000);
    };
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      normalized: true,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      scales: {
        // Whole seconds only: the take's end (e.g. 8.04 s) is no tick of its own.
        x: { type: 'linear', min: 0, max: report.durationMs / 1000, ticks: { includeBounds: false }, title: { display: true, text: translate('delivery.timeline.seconds') } },
        level: { type: 'linear', position: 'left', min: -70, max: 0, title: { display: true, text: translate('delivery.timeline.loudness') } },
        pitch: { type: 'linear', position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: translate('delivery.timeline.pitch') } },
      },
      plugins: { rangeShading: { ranges: pauses.map((pause) => ({ axis: 'x' as const, from: pause.startMs / 1000, to: pause.endMs / 1000 })), color: pauseFill() } },
      onClick: (event, _elements, chart) => {
        const index = pauseUnder(chart, event.x);
        const pause = pauses[index];
        if (pause) onPlayFrom(pause.startMs);
      },
      onHover: (event, _elements, chart) => {
        chart.canvas.style.cursor = pauseUnder(chart, event.x) >= 0 ? 'pointer' : 'default';
      },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `scheme` re-reads the palette's colours on a light/dark switch
  }, [pauses, report.durationMs, onPlayFrom, translate, scheme]);

  return (
    <figure className="chart-figure delivery-timeline" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-figure__title">
        {translate('delivery.timeline.title')}
      </figcaption>
      <div className="chart-figure__canvas delivery-timeline__canvas" aria-hidden="true">
        <Line key={scheme} data={data} options={options} plugins={[rangeShading]} />
      </div>
      <p className="delivery-timeline__summary">
        {translate('delivery.timeline.summary', { step: formatSeconds(stepMs), duration: formatClock(report.durationMs) })}{' '}
        {pauses.length > 0 ? translate('delivery.timeline.pausesShaded', { count: pauses.length }) : translate('delivery.timeline.noPauses')}
      </p>
      {pauses.length > 0 && (
        <ul className="delivery-timeline__pauses" aria-label={translate('delivery.aspect.pauses')}>
          {pauses.map((pause, index) => (
            <li key={`${pause.startMs}-${pause.endMs}`}>
              <button type="button" className="delivery-timeline__pause" onClick={() => onPlayFrom(pause.startMs)}>
                {pauseLabel(pause, index)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
