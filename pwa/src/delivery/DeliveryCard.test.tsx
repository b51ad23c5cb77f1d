import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import type { Line } from 'react-chartjs-2';
import { describe, expect, it, vi } from 'vitest';
import { deliveryReportSchema } from '@oracy/api/delivery';
import { deliveryReportFixture, silentReportFixture } from '../test/deliveryFixtures';
import { DeliveryCard } from './DeliveryCard';
import { t } from '../platform/i18n';
import { needsPauseTip, PAUSE_TIP } from './deliveryWords';
import { pauseAt } from './DeliveryTimeline';
import { TakeComparison } from './TakeComparison';

/** "How did it sound?" (docs/product.md#how-did-it-sound): the card's words, its states and its timeline. */

type LineProps = ComponentProps<typeof Line>;
const charts = vi.hoisted(() => ({ last: null as null | Record<string, unknown> }));
vi.mock('react-chartjs-2', () => ({
  Line: (props: Record<string, unknown>) => {
    charts.last = props;
    return null;
  },
}));

/** The card's rows as "label: text" lines. */
function rows(): string[] {
  const list = screen.getByRole('region', { name: 'How did it sound?' }).querySelector('dl') as HTMLElement;
  return Array.from(list.querySelectorAll('div'), (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`);
}

describe('DeliveryCard', () => {
  it('uses reports the server’s schema accepts', () => {
    expect(() => deliveryReportSchema.parse(deliveryReportFixture())).not.toThrow();
    expect(() => deliveryReportSchema.parse(silentReportFixture())).not.toThrow();
  });

  it('shows a comfortable take: four rows in plain words, no tips', () => {
    render(<DeliveryCard audience="teacher" status="ready" report={deliveryReportFixture()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'How did it sound?' })).toBeInTheDocument();
    expect(rows()).toEqual(['Pace: Comfortable · 4.2 syllables a second', 'Pauses: 2 pauses · the longest 0.7 s', 'Expression: Some variety', 'Volume: Good']);
    expect(screen.queryByText(/^Tip:/)).not.toBeInTheDocument();
  });

  it('gives the tip each band calls for: fast, few pauses, flat, quiet', () => {
    render(
      <DeliveryCard
        audience="teacher"
        status="ready"
        report={deliveryReportFixture({
          durationMs: 30_000,
          rate: { syllablesPerSecond: 6.3, pace: 'fast' },
          pauses: { count: 0, meanMs: 0, longestMs: 0, list: [] },
          pitch: { variationSemitones: 0.6, expression: 'flat' },
          loudness: { speechDbfs: -45, quiet: true },
        })}
      />,
    );
    expect(rows()).toEqual([
      'Pace: Fast · 6.3 syllables a secondTip: Slow down a little so every word lands',
      'Pauses: No pausesTip: Try a short pause after each big idea so your listeners can think',
      'Expression: FlatTip: Let your voice rise and fall to show what matters',
      'Volume: QuietTip: Speak up, or hold the phone a little closer',
    ]);
  });

  it('says "Slow", "Lively", one pause and a clipped take with its tip', () => {
    render(
      <DeliveryCard
        audience="teacher"
        status="ready"
        report={deliveryReportFixture({
          durationMs: 8_000,
          rate: { syllablesPerSecond: 2.4, pace: 'slow' },
          pauses: { count: 1, meanMs: 1_200, longestMs: 1_200, list: [{ startMs: 2_000, endMs: 3_200 }] },
          pitch: { variationSemitones: 2.8, expression: 'lively' },
          loudness: { speechDbfs: -3, quiet: false, clipped: true },
        })}
      />,
    );
    expect(rows()).toEqual([
      'Pace: Slow · 2.4 syllables a second',
      'Pauses: 1 pause · the longest 1.2 s',
      'Expression: Lively',
      'Volume: Too loud (clipped)Tip: Hold the phone a little further away so your voice stays clear',
    ]);
  });

  it('gives the pause tip only to takes of 10 s or more with fewer than two pauses a minute', () => {
    expect(needsPauseTip(0, 9_999)).toBe(false);
    expect(needsPauseTip(0, 10_000)).toBe(true);
    expect(needsPauseTip(1, 60_000)).toBe(true);
    expect(needsPauseTip(2, 60_000)).toBe(false);
    expect(needsPauseTip(1, 20_000)).toBe(false);
    expect(t(PAUSE_TIP)).toBe('Try a short pause after each big idea so your listeners can think');
  });

  it('says "Measuring…" while the take is measured', () => {
    render(<DeliveryCard audience="teacher" status="measuring" report={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Measuring…');
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });

  it('says plainly when the take could not be measured', () => {
    render(<DeliveryCard audience="teacher" status="failed" report={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('We could not measure this take. You can still submit it.');
  });

  it('says it heard no speech, without rows or timeline', () => {
    render(<DeliveryCard audience="teacher" status="ready" report={silentReportFixture()} onPlayFrom={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('We could not hear any speech in this take.');
    expect(screen.queryByText('Pace')).not.toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });
});

describe('DeliveryCard for the student', () => {
  /** The student's card: the rows as "label: text" lines, and the "Details" disclosure. */
  function studentCard() {
    const card = screen.getByRole('region', { name: 'How did it sound?' });
    const details = card.querySelector('details') as HTMLDetailsElement;
    const rowsList = card.querySelector('.delivery-card__rows') as HTMLElement;
    const lines = Array.from(rowsList.querySelectorAll(':scope > div'), (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`);
    return { card, details, lines };
  }

  /** The text a student sees with "Details" closed: the card without the disclosure's content. */
  function visibleText(card: HTMLElement): string {
    const copy = card.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('details > :not(summary)').forEach((node) => node.remove());
    return copy.textContent ?? '';
  }

  it.each([
    ['slow', 'A bit slow'],
    ['comfortable', 'Nice steady pace'],
    ['fast', 'A bit fast'],
  ] as const)('says a %s pace as "%s"', (pace, words) => {
    render(<DeliveryCard audience="student" status="ready" report={deliveryReportFixture({ rate: { pace } })} />);
    expect(studentCard().lines[0]).toMatch(new RegExp(`^Pace: ${words}(Tip:|$)`));
  });

  it.each([
    ['flat', 'Quite flat'],
    ['some', 'Your voice went up and down a little'],
    ['lively', 'Your voice went up and down'],
  ] as const)('says a %s expression as "%s"', (expression, words) => {
    render(<DeliveryCard audience="student" status="ready" report={deliveryReportFixture({ pitch: { expression } })} />);
    expect(studentCard().lines[2]).toMatch(new RegExp(`^Expression: ${words}(Tip:|$)`));
  });

  it.each([
    [{ quiet: false, clipped: false }, 'Good and loud'],
    [{ quiet: true, clipped: false }, 'A bit quiet'],
    [{ quiet: true, clipped: true }, 'Too loud — it crackled'],
  ] as const)('says the volume %o as "%s"', (loudness, words) => {
    render(<DeliveryCard audience="student" status="ready" report={deliveryReportFixture({ loudness })} />);
    expect(studentCard().lines[3]).toMatch(new RegExp(`^Volume: ${words}(Tip:|$)`));
  });

  it('keeps the tips, and shows no units until "Details" is opened', async () => {
    render(
      <DeliveryCard
        audience="student"
        status="ready"
        report={deliveryReportFixture({
          durationMs: 60_000,
          rate: { syllablesPerSecond: 6.3, pace: 'fast' },
          pauses: { count: 1, meanMs: 1_200, longestMs: 1_200, list: [{ startMs: 2_000, endMs: 3_200 }] },
          pitch: { variationSemitones: 0.6, expression: 'flat' },
          loudness: { speechDbfs: -45, quiet: true },
        })}
        onPlayFrom={() => undefined}
      />,
    );
    const { card, details, lines } = studentCard();
    expect(lines).toEqual([
      'Pace: A bit fastTip: Slow down a little so every word lands',
      'Pauses: 1 pauseTip: Try a short pause after each big idea so your listeners can think',
      'Expression: Quite flatTip: Let your voice rise and fall to show what matters',
      'Volume: A bit quietTip: Speak up, or hold the phone a little closer',
    ]);
    expect(visibleText(card)).not.toMatch(/dBFS|Hz|semitone|syllables a second|\d\.\d s/);
    expect(details.open).toBe(false);
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();

    await userEvent.click(within(card).getByText('Details', { selector: 'summary' }));
    expect(details.open).toBe(true);
    const figures = Array.from(details.querySelectorAll('dl > div'), (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`);
    expect(figures).toEqual(['Pace: 6.3 syllables a second', 'Pauses: the longest 1.2 s']);
    expect(await within(details).findByRole('figure', { name: 'Loudness and pitch over time' })).toBeInTheDocument();
  });
});

describe('DeliveryTimeline', () => {
  it('lists the pauses as buttons that play from their start, and says what the chart shows', async () => {
    const onPlayFrom = vi.fn();
    render(<DeliveryCard audience="teacher" status="ready" report={deliveryReportFixture()} onPlayFrom={onPlayFrom} />);
    const figure = await screen.findByRole('figure', { name: 'Loudness and pitch over time' });
    expect(figure).toHaveTextContent('Loudness and pitch every 0.1 s through the take (0:20). 2 pauses shaded: tap one to hear it.');
    const buttons = within(screen.getByRole('list', { name: 'Pauses' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Pause 1: 3.4 s to 4.1 s — play from here', 'Pause 2: 9.0 s to 9.5 s — play from here']);
    await userEvent.click(screen.getByRole('button', { name: 'Pause 2: 9.0 s to 9.5 s — play from here' }));
    expect(onPlayFrom).toHaveBeenCalledWith(9_000);
  });

  it('draws loudness and pitch on two axes, shades the pauses, and a tap on a shaded pause plays from it', async () => {
    const onPlayFrom = vi.fn();
    const report = deliveryReportFixture();
    render(<DeliveryCard audience="teacher" status="ready" report={report} onPlayFrom={onPlayFrom} />);
    await screen.findByRole('figure', { name: 'Loudness and pitch over time' });
    const props = charts.last as unknown as LineProps;
    const [level, pitch] = props.data.datasets;
    expect(level?.yAxisID).toBe('level');
    expect(pitch?.yAxisID).toBe('pitch');
    expect((level?.data as unknown[])[34]).toEqual({ x: 3.4, y: report.timeline.levelDbfs[34] });
    expect((pitch?.data as unknown[])[5]).toEqual({ x: 0.5, y: null });
    expect(props.options?.plugins?.rangeShading?.ranges).toEqual(report.pauses.list.map((pause) => ({ axis: 'x', from: pause.startMs / 1000, to: pause.endMs / 1000 })));
    expect(props.plugins?.map((plugin) => plugin.id)).toEqual(['rangeShading']);

    // The chart's x scale in seconds: 10 px a second.
    const chart = { scales: { x: { getValueForPixel: (pixel: number) => pixel / 10 } }, canvas: { style: {} as CSSStyleDeclaration } };
    const click = (x: number) => (props.options?.onClick as (event: unknown, elements: unknown[], chart: unknown) => void)({ x }, [], chart);
    click(37);
    expect(onPlayFrom).toHaveBeenLastCalledWith(3_400);
    click(60);
    expect(onPlayFrom).toHaveBeenCalledTimes(1);
  });

  it('finds the pause that contains a time', () => {
    const list = deliveryReportFixture().pauses.list;
    expect(pauseAt(list, 3_400)).toBe(0);
    expect(pauseAt(list, 9_250)).toBe(1);
    expect(pauseAt(list, 5_000)).toBe(-1);
  });
});

describe('TakeComparison', () => {
  it('shows take 1 beside take 2, band by band', () => {
    render(
      <TakeComparison
        earlier={{ number: 1, measurement: { status: 'ready', report: deliveryReportFixture({ rate: { pace: 'fast' }, pitch: { expression: 'flat' } }), error: null } }}
        later={{ number: 2, measurement: { status: 'ready', report: deliveryReportFixture(), error: null } }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Take 1 beside take 2' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(cells).toEqual([
      ['', 'Take 1', 'Take 2'],
      ['Pace', 'A bit fast', 'Nice steady pace'],
      ['Pauses', '2 pauses', '2 pauses'],
      ['Expression', 'Quite flat', 'Your voice went up and down a little'],
      ['Volume', 'Good and loud', 'Good and loud'],
    ]);
  });

  it('says which take was not measured, is still measuring or had no speech', () => {
    const { rerender } = render(
      <TakeComparison
        earlier={{ number: 1, measurement: { status: 'failed', report: null, error: null } }}
        later={{ number: 2, measurement: { status: 'measuring', report: null, error: null } }}
      />,
    );
    expect(screen.getByRole('row', { name: /^Pace/ })).toHaveTextContent('PaceNot measuredMeasuring…');
    rerender(
      <TakeComparison
        earlier={{ number: 2, measurement: { status: 'ready', report: silentReportFixture(), error: null } }}
        later={{ number: 3, measurement: { status: 'ready', report: deliveryReportFixture(), error: null } }}
      />,
    );
    expect(screen.getByRole('table', { name: 'Take 2 beside take 3' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Volume/ })).toHaveTextContent('VolumeNo speechGood and loud');
  });
});
