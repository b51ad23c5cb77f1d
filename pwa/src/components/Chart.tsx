import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartData,
} from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import type { IntlShape } from '@formatjs/intl';
import { useI18n } from '../i18n';
import './Chart.css';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, ArcElement, Tooltip, Legend);

/** Primary green and secondary orange of the theme (docs/product.md#constants-and-limits), for datasets. */
export const CHART_COLORS = { primary: '#2e7d32', secondary: '#f57c00', primaryFill: 'rgba(46, 125, 50, 0.2)' } as const;

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
  /** one or more series; each value lines up with `labels` */
  series: { label: string; values: number[]; colors?: string | string[] }[];
  /** the value axis of a line or bar chart, e.g. `{min: 1, max: 5}` for scores; by default it fits the data */
  valueRange?: { min: number; max: number };
}

/**
 * A Chart.js chart (react-chartjs-2) in a `<figure>` with its title, plus the
 * same numbers as a table for screen readers (the canvas itself is hidden
 * from them). Import it only from lazily loaded screens: chart.js must stay
 * out of the sign-in-to-assessment path.
 */
export function ChartFigure({ type, title, labels, series, valueRange }: ChartFigureProps) {
  const { t, intl } = useI18n();
  const data: ChartData<typeof type> = {
    labels,
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.values,
      backgroundColor: s.colors ?? (i === 0 ? CHART_COLORS.primaryFill : CHART_COLORS.secondary),
      borderColor: type === 'doughnut' ? '#fff' : (s.colors ?? (i === 0 ? CHART_COLORS.primary : CHART_COLORS.secondary)),
      tension: 0.3,
      fill: type === 'line',
    })),
  } as ChartData<typeof type>;
  const scales = valueRange && type !== 'doughnut' ? { y: { min: valueRange.min, max: valueRange.max, ticks: { stepSize: 1 } } } : undefined;
  const options = { responsive: true, maintainAspectRatio: false, animation: false as const, ...(scales && { scales }) };
  const headingId = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <figure className="chart-figure" aria-labelledby={headingId}>
      <figcaption id={headingId} className="chart-figure__title">
        {title}
      </figcaption>
      <div className="chart-figure__canvas" aria-hidden="true">
        {type === 'line' && <Line data={data as ChartData<'line'>} options={options} />}
        {type === 'bar' && <Bar data={data as ChartData<'bar'>} options={options} />}
        {type === 'doughnut' && <Doughnut data={data as ChartData<'doughnut'>} options={options} />}
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
