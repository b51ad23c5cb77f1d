import type { ChartData } from 'chart.js';
import type { IntlShape } from '@formatjs/intl';
import { createElement, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useOnReachableAgain } from '../api/serverStatus';
import { useI18n } from '../i18n';
import type { ChartCanvasProps } from './ChartCanvas';
import { useMediaQuery } from './useMediaQuery';
import './Chart.css';

/** The canvas module's fetch, shared by every chart; forgotten when it fails, so that a later try fetches again. */
let canvasModule: Promise<{ default: ComponentType<ChartCanvasProps> }> | null = null;
/** The canvas component once fetched. */
let loadedCanvas: ComponentType<ChartCanvasProps> | null = null;

/** The fetched canvas, drawn; nothing before it is fetched. */
function LoadedCanvas(props: ChartCanvasProps) {
  return loadedCanvas ? createElement(loadedCanvas, props) : null;
}

/**
 * Whether the canvas of a {@link ChartFigure} is there to draw: Chart.js and react-chartjs-2 (some
 * 67 KB of compressed JavaScript), fetched once a chart comes near the viewport, so that a
 * dashboard paints its numbers without them (docs/architecture.md#what-the-first-load-holds).
 * Until it is there — and when it cannot be fetched, offline before the service worker holds it —
 * the figure keeps its title and its table, and the fetch is tried again when the network is back
 * (docs/product.md#offline-behaviour); a failed fetch never reaches an error boundary.
 */
function useChartCanvas(near: boolean): boolean {
  const [ready, setReady] = useState(() => loadedCanvas !== null);
  const [attempt, setAttempt] = useState(0);
  useOnReachableAgain(() => setAttempt((n) => n + 1));
  useEffect(() => {
    if (!near || ready) return;
    let live = true;
    canvasModule ??= import('./ChartCanvas').catch((err: unknown) => {
      canvasModule = null;
      throw err;
    });
    canvasModule.then(
      (module) => {
        loadedCanvas = module.default;
        if (live) setReady(true);
      },
      () => undefined, // offline: the table stays, and the next attempt fetches again
    );
    return () => {
      live = false;
    };
  }, [near, ready, attempt]);
  return ready;
}
/**
 * The charts' palette (docs/architecture.md#dark-mode-and-reduced-motion): each name is the CSS
 * variable `--oracy-chart-<name>` of `theme/variables.css`, one value in light and one in dark, so
 * that labels, axes, grid and data stay readable on either ground: `text` (labels, ticks, legend),
 * `grid` (axes and grid lines), `surface` (what a chart is drawn on: the gaps of a doughnut), then
 * the data colours.
 */
export type ChartColorName = 'text' | 'grid' | 'surface' | 'green' | 'orange' | 'deep-orange' | 'blue' | 'purple' | 'light-green' | 'light-orange' | 'grey';

/** The light values, for where the theme's stylesheet is not loaded (the unit tests). */
export const LIGHT_CHART_COLORS: Record<ChartColorName, string> = {
  // i18n-exempt: a colour, not a text
  text: '#4a554a',
  grid: '#e1e6e1',
  surface: '#ffffff',
  green: '#2e7d32',
  orange: '#f57c00',
  'deep-orange': '#e65100',
  blue: '#1565c0',
  purple: '#6a1b9a',
  'light-green': '#689f38',
  'light-orange': '#c77700',
  grey: '#757575',
};

/**
 * A hex colour written out in full, `#rrggbb`: the built stylesheet shortens `#ffffff` to `#fff`
 * (and may do so to any colour whose pairs repeat). Anything else comes back unchanged.
 */
export function fullHex(color: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : color;
}

/** A colour of the charts' palette as the theme gives it now (a `#rrggbb` colour). */
export function chartColor(name: ChartColorName): string {
  const value = typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue(`--oracy-chart-${name}`).trim();
  return fullHex(value) || LIGHT_CHART_COLORS[name];
}

/** `color` (`#rrggbb`, or `#rgb`) with an opacity from 0 to 1, as `rgba(…)`. */
export function withAlpha(color: string, alpha: number): string {
  const hex = fullHex(color);
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * Primary green and secondary orange of the theme (docs/product.md#constants-and-limits), for
 * datasets, read from the palette each time (lighter in dark).
 */
export const CHART_COLORS = {
  get primary() {
    return chartColor('green');
  },
  get secondary() {
    return chartColor('orange');
  },
  get primaryFill() {
    return withAlpha(chartColor('green'), 0.2);
  },
};

/** The media query of the device's dark scheme. */
// i18n-exempt: a media query, not a text
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * `true` once `ref`'s element has come within 200 px of the viewport (at once where there is no
 * `IntersectionObserver`); it stays `true`.
 */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * The device's colour scheme, `light` or `dark`. A chart passes it as its `key`: when the device
 * switches, the chart is drawn again with the palette's new colours.
 */
export function useChartScheme(): 'light' | 'dark' {
  return useMediaQuery(DARK_QUERY) ? 'dark' : 'light';
}

/** A value of the screen readers' table in the active language's digits, every decimal kept ("3.25"; "3,25" in Spanish). */
function formatValue(intl: IntlShape<string>, value: number | undefined): string {
  return value === undefined ? '' : intl.formatNumber(value, { useGrouping: false, maximumFractionDigits: 20 });
}

/** Props of {@link ChartFigure}. */
export interface ChartFigureProps {
  /** `line`, `bar` or `doughnut` (docs/product.md#who-uses-oracy: line, bar and pie-type charts) */
  type: 'line' | 'bar' | 'doughnut';
  /** the chart's visible title, also its accessible name, in the active language (as are the labels) */
  title: string;
  /** category labels, e.g. months */
  labels: string[];
  /**
   * one or more series; each value lines up with `labels`. `colors` names the series' colour (or
   * one per value, for a doughnut) in the palette, read when the chart is drawn; by default green
   * (filled lightly in a line chart) for the first series and orange after.
   */
  series: { label: string; values: number[]; colors?: ChartColorName | readonly ChartColorName[] }[];
  /** the value axis of a line or bar chart, e.g. `{min: 1, max: 5}` for scores; by default it fits the data */
  valueRange?: { min: number; max: number };
  /** the values are counts: the value axis of a line or bar chart starts at 0 and has whole-number ticks only */
  counts?: boolean;
}

/**
 * A Chart.js chart (react-chartjs-2) in a `<figure>` with its title, plus the
 * same numbers as a table for screen readers (the canvas itself is hidden
 * from them), in the palette of the device's scheme (drawn again when it
 * switches). The title and the table render at once; the canvas, with Chart.js, once the figure
 * comes near the viewport ({@link ChartCanvas}).
 */
export function ChartFigure({ type, title, labels, series, valueRange, counts = false }: ChartFigureProps) {
  const { t, intl } = useI18n();
  const scheme = useChartScheme();
  const colorsOf = (colors: ChartColorName | readonly ChartColorName[]) => (typeof colors === 'string' ? chartColor(colors) : colors.map(chartColor));
  const data: ChartData<typeof type> = {
    labels,
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.values,
      backgroundColor: s.colors ? colorsOf(s.colors) : i === 0 ? CHART_COLORS.primaryFill : CHART_COLORS.secondary,
      borderColor: type === 'doughnut' ? chartColor('surface') : s.colors ? colorsOf(s.colors) : i === 0 ? CHART_COLORS.primary : CHART_COLORS.secondary,
      tension: 0.3,
    })),
  } as ChartData<typeof type>;
  const scales =
    type === 'doughnut'
      ? undefined
      : valueRange
        ? { y: { min: valueRange.min, max: valueRange.max, ticks: { stepSize: 1 } } }
        : counts
          ? { y: { beginAtZero: true, ticks: { precision: 0 } } }
          : undefined;
  const options = { responsive: true, maintainAspectRatio: false, animation: false as const, ...(scales && { scales }) };
  const headingId = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const canvasRef = useRef<HTMLDivElement>(null);
  const ready = useChartCanvas(useNearViewport(canvasRef));

  return (
    <figure className="chart-figure" aria-labelledby={headingId}>
      <figcaption id={headingId} className="chart-figure__title">
        {title}
      </figcaption>
      <div ref={canvasRef} className="chart-figure__canvas" aria-hidden="true">
        {ready && <LoadedCanvas key={scheme} type={type} data={data} options={options} />}
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('components.chart.label')}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, row) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.label}>{formatValue(intl, s.values[row])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
