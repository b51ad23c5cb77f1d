import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LineElement, LinearScale, PointElement, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import './chartDefaults';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, ArcElement, Tooltip, Legend);

/** Props of {@link ChartCanvas}: the chart's type, and Chart.js's data and options as `ChartFigure` builds them. */
export interface ChartCanvasProps {
  type: 'line' | 'bar' | 'doughnut';
  data: ChartData<'line' | 'bar' | 'doughnut'>;
  options: ChartOptions<'line' | 'bar' | 'doughnut'>;
}

/**
 * The canvas of a `ChartFigure` (components/Chart.tsx): a react-chartjs-2 line, bar or doughnut
 * chart. A module of its own, loaded when a chart comes near the viewport, so that Chart.js is in
 * no first load (docs/architecture.md#what-the-first-load-holds).
 */
export default function ChartCanvas({ type, data, options }: ChartCanvasProps) {
  if (type === 'line') return <Line data={data as ChartData<'line'>} options={options as ChartOptions<'line'>} />;
  if (type === 'bar') return <Bar data={data as ChartData<'bar'>} options={options as ChartOptions<'bar'>} />;
  return <Doughnut data={data as ChartData<'doughnut'>} options={options as ChartOptions<'doughnut'>} />;
}
