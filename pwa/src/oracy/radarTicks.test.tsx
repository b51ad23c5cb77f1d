import { render } from '@testing-library/react';
import type { ChartOptions } from 'chart.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullHex, withAlpha } from '../platform/ui/Chart';
import { snapshot } from '../test/oracyFixtures';
import { StrandRadar } from './OracyCharts';

/** The options the radar was last drawn with (jsdom has no canvas: the chart is stubbed). */
let drawn: ChartOptions<'radar'> | undefined;
vi.mock('react-chartjs-2', () => ({
  Line: () => null,
  Radar: (props: { options: ChartOptions<'radar'> }) => {
    drawn = props.options;
    return null;
  },
}));

afterEach(() => {
  document.documentElement.style.removeProperty('--oracy-chart-surface');
  document.documentElement.style.removeProperty('--oracy-chart-text');
});

const LATEST = snapshot(1, { linguistic: 3, cognitive: 4, socialEmotional: 3, physical: 3 });

/** The radar's tick options as drawn. */
function ticks() {
  render(<StrandRadar latest={LATEST} previous={null} />);
  const r = drawn?.scales?.r as { ticks?: { color?: string; backdropColor?: string } } | undefined;
  return r?.ticks;
}

describe("the radar's tick numbers (docs/architecture.md#dark-mode-and-reduced-motion)", () => {
  it('reads colours as the built stylesheet writes them, shortened or not', () => {
    expect(fullHex('#fff')).toBe('#ffffff');
    expect(fullHex('#1e1e1e')).toBe('#1e1e1e');
    expect(withAlpha('#fff', 0.75)).toBe('rgba(255, 255, 255, 0.75)');
    expect(withAlpha('#1e1e1e', 0.5)).toBe('rgba(30, 30, 30, 0.5)');
  });

  it('sit on a light box in light colours, even when the theme writes white as #fff', () => {
    document.documentElement.style.setProperty('--oracy-chart-surface', '#fff');
    document.documentElement.style.setProperty('--oracy-chart-text', '#4a554a');
    expect(ticks()).toMatchObject({ color: '#4a554a', backdropColor: 'rgba(255, 255, 255, 0.85)' });
  });

  it('sit on a dark box in dark colours, in the light text colour', () => {
    document.documentElement.style.setProperty('--oracy-chart-surface', '#1e1e1e');
    document.documentElement.style.setProperty('--oracy-chart-text', '#c3cbc3');
    expect(ticks()).toMatchObject({ color: '#c3cbc3', backdropColor: 'rgba(30, 30, 30, 0.85)' });
  });
});
