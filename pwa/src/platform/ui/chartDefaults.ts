/**
 * Gives every Chart.js chart the palette's text and grid colours (Chart.js's defaults,
 * docs/architecture.md#dark-mode-and-reduced-motion), again when the device switches scheme.
 * Imported for its effect by every module that draws with Chart.js, so that the palette module
 * (components/Chart.tsx) does not carry Chart.js itself.
 */
import { Chart as ChartJS } from 'chart.js';
import { DARK_QUERY, chartColor } from './Chart';

function applyChartDefaults(): void {
  ChartJS.defaults.color = chartColor('text');
  ChartJS.defaults.borderColor = chartColor('grid');
}

applyChartDefaults();
// Registered before any chart's `useChartScheme`, so the defaults change before the charts re-render.
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') window.matchMedia(DARK_QUERY).addEventListener('change', applyChartDefaults);
