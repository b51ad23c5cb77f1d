import type { ChartType, Plugin } from 'chart.js';

/**
 * One stretch of a chart to shade, in its scale's units: along the x scale (a time span, full
 * height) or along the y scale (a band of values, full width). An end left out reaches the edge
 * of the chart area.
 */
export interface ShadedRange {
  axis: 'x' | 'y';
  from?: number;
  to?: number;
}

/** The options of {@link rangeShading}: the ranges to shade and their colour (any CSS colour). */
export interface RangeShadingOptions {
  ranges: readonly ShadedRange[];
  color: string;
}

declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation repeats Chart.js's type parameter
  interface PluginOptionsByType<TType extends ChartType> {
    /** the ranges {@link rangeShading} shades: a timeline's pauses, a figure's comfortable band */
    rangeShading?: RangeShadingOptions;
  }
}

/**
 * A Chart.js plugin that shades `options.plugins.rangeShading.ranges` inside the chart area,
 * under the datasets: the pauses of a take's timeline (docs/product.md#how-did-it-sound) and the
 * comfortable range of "Delivery over time" (docs/product.md#delivery-over-time).
 */
export const rangeShading: Plugin<'line', RangeShadingOptions> = {
  id: 'rangeShading',
  beforeDatasetsDraw(chart, _args, options) {
    if (!options.ranges?.length) return;
    const { ctx, chartArea } = chart;
    ctx.save();
    ctx.fillStyle = options.color;
    for (const range of options.ranges) {
      const scale = chart.scales[range.axis];
      if (!scale) continue;
      if (range.axis === 'x') {
        const left = range.from === undefined ? chartArea.left : Math.max(chartArea.left, scale.getPixelForValue(range.from));
        const right = range.to === undefined ? chartArea.right : Math.min(chartArea.right, scale.getPixelForValue(range.to));
        if (right > left) ctx.fillRect(left, chartArea.top, right - left, chartArea.bottom - chartArea.top);
      } else {
        const top = range.to === undefined ? chartArea.top : Math.max(chartArea.top, scale.getPixelForValue(range.to));
        const bottom = range.from === undefined ? chartArea.bottom : Math.min(chartArea.bottom, scale.getPixelForValue(range.from));
        if (bottom > top) ctx.fillRect(chartArea.left, top, chartArea.right - chartArea.left, bottom - top);
      }
    }
    ctx.restore();
  },
};
