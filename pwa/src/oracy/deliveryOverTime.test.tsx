import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryTrendPoint } from '../delivery/delivery';
import type { StudentOracy } from './oracy';
import { chartRows } from '../test/charts';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { profileOf, snapshot } from '../test/oracyFixtures';
import { renderAt } from '../test/renderApp';

/** "Delivery over time" on My Oracy and on a student's profile for teachers (docs/product.md#delivery-over-time). */

const SLOW = { timeout: 8000 };

// jsdom has no canvas to draw on: the charts' canvases are stubbed; their numbers live in the accessible table under test.
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null, Radar: () => null }));

const ONE = snapshot(4, { linguistic: 4, cognitive: 4.25, socialEmotional: 3.5, physical: 2.75 });

/** A trend point `day` days after 1 Jan 2026. */
const point = (
  day: number,
  taskTitle: string,
  syllablesPerSecond: number | null,
  pausesPerMinute: number | null,
  variationSemitones: number | null,
  words: { wordsPerMinute: number; fillersPerMinute: number } | null = null,
): DeliveryTrendPoint => ({
  recordingId: `r${day}`,
  taskTitle,
  submittedAt: new Date(Date.UTC(2026, 0, 1 + day, 12)).toISOString(),
  syllablesPerSecond,
  pausesPerMinute,
  variationSemitones,
  wordsPerMinute: words?.wordsPerMinute ?? null,
  fillersPerMinute: words?.fillersPerMinute ?? null,
});

/** Four recordings whose voice grows livelier at a steady, comfortable pace. */
const LIVELIER = [point(2, 'Introduce yourself', 4.2, 3, 0.8), point(9, 'My hero', 4.4, 3.5, 0.9), point(16, 'A favourite place', 4.1, 2.5, 1.6), point(23, 'Summarise', 4.3, 3, 1.7)];

const withDelivery = (profile: StudentOracy, delivery: DeliveryTrendPoint[]): StudentOracy => ({ ...profile, delivery });

function setup(path: string, routes: Record<string, FakeRoute>, as: 'student' | 'teacher') {
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS[as] }, ...routes });
  return { fetchSpy, ...renderAt(path), user: userEvent.setup() };
}

/** The section "Delivery over time". */
const section = () => screen.findByRole('region', { name: 'Delivery over time' }, SLOW);

describe('Delivery over time on My Oracy', { timeout: 15_000 }, () => {
  it('shows the trend in one sentence, three small charts and every number in a table, beside the physical strand', async () => {
    setup('/student/oracy', { 'GET /api/student/oracy/u-student': { body: withDelivery(profileOf([ONE], 'u-student', { physical: 3.5 }), LIVELIER) } }, 'student');
    const region = await section();
    expect(within(region).getByRole('heading', { level: 2, name: 'Delivery over time' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Your voice has more variety than in your first recordings.');
    expect(region).toHaveTextContent('Physical strand: self-assessed 2.75, teacher-scored 3.50');
    expect(within(region).getAllByRole('figure')).toHaveLength(3);
    for (const title of ['Pace (syllables a second)', 'Pauses per minute', 'Pitch variation (semitones)']) {
      expect(within(region).getByRole('figure', { name: title })).toBeInTheDocument();
    }
    expect(region).toHaveTextContent('Shaded: comfortable, 3.0–5.5.');
    const table = within(region).getByRole('table', { name: 'Delivery over time' });
    expect(Array.from(within(table).getAllByRole('columnheader'), (cell) => cell.textContent)).toEqual([
      'Task',
      'Date',
      'Pace (syllables a second)',
      'Pauses per minute',
      'Pitch variation (semitones)',
    ]);
    expect(chartRows('Delivery over time')).toEqual([
      ['Introduce yourself', '3 Jan 2026', '4.2', '3.0', '0.8'],
      ['My hero', '10 Jan 2026', '4.4', '3.5', '0.9'],
      ['A favourite place', '17 Jan 2026', '4.1', '2.5', '1.6'],
      ['Summarise', '24 Jan 2026', '4.3', '3.0', '1.7'],
    ]);
    // Near the strands: after the strand charts, before the strongest and weakest strand.
    const strengths = screen.getByRole('heading', { level: 2, name: 'Strongest and weakest strand' });
    expect(region.compareDocumentPosition(strengths) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Strands over time' }).compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('adds words and fillers a minute, without a shaded range, once some recording has a transcript', async () => {
    const withWords = [...LIVELIER.slice(0, 3), point(23, 'Summarise', 4.3, 3, 1.7, { wordsPerMinute: 132.5, fillersPerMinute: 2.4 })];
    setup('/student/oracy', { 'GET /api/student/oracy/u-student': { body: withDelivery(profileOf([ONE]), withWords) } }, 'student');
    const region = await section();
    expect(within(region).getAllByRole('figure')).toHaveLength(5);
    expect(within(region).getByRole('figure', { name: 'Words a minute' })).not.toHaveTextContent('Shaded');
    expect(within(region).getByRole('figure', { name: 'Fillers a minute' })).toBeInTheDocument();
    expect(chartRows('Delivery over time')).toEqual([
      ['Introduce yourself', '3 Jan 2026', '4.2', '3.0', '0.8', '—', '—'],
      ['My hero', '10 Jan 2026', '4.4', '3.5', '0.9', '—', '—'],
      ['A favourite place', '17 Jan 2026', '4.1', '2.5', '1.6', '—', '—'],
      ['Summarise', '24 Jan 2026', '4.3', '3.0', '1.7', '132.5', '2.4'],
    ]);
  });

  it('says it is too early with fewer than three recordings, and shows "—" for a figure a take did not give', async () => {
    setup('/student/oracy', { 'GET /api/student/oracy/u-student': { body: withDelivery(profileOf([ONE]), [point(2, 'Silence', null, 0, null)]) } }, 'student');
    const region = await section();
    expect(region).toHaveTextContent('Too early to see a trend: record at least three answers.');
    expect(region).toHaveTextContent('One measured recording so far.');
    expect(chartRows('Delivery over time')).toEqual([['Silence', '3 Jan 2026', '—', '0.0', '—']]);
  });

  it('says "No measured recordings yet." with a link to speaking practice', async () => {
    setup('/student/oracy', { 'GET /api/student/oracy/u-student': { body: profileOf([ONE]) } }, 'student');
    const region = await section();
    expect(region).toHaveTextContent('No measured recordings yet.');
    expect(within(region).getByRole('link', { name: 'Speaking practice' })).toHaveAttribute('href', '/student/speaking');
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the recordings of a student who has not taken the self-assessment', async () => {
    setup('/student/oracy', { 'GET /api/student/oracy/u-student': { body: withDelivery(profileOf([]), LIVELIER) } }, 'student');
    expect(await screen.findByText('You have not taken the self-assessment yet.', {}, SLOW)).toBeInTheDocument();
    const region = await section();
    expect(region).toHaveTextContent('Your voice has more variety than in your first recordings.');
    expect(region).not.toHaveTextContent('Physical strand');
    expect(chartRows('Delivery over time')).toHaveLength(4);
  });
});

describe("Delivery over time on a student's profile for teachers", { timeout: 15_000 }, () => {
  const routes = (
    profile: StudentOracy,
    students: unknown[] = [{ id: 's1', studentName: 'Amy Ash', profilePicture: null, studentEmail: 'amy@oracy.test', courses: [{ courseName: 'Voice' }] }],
  ) => ({
    'GET /api/student/oracy/s1': { body: profile },
    'GET /api/teacher/students/u-teacher/s1/assignments': { body: [] },
    'GET /api/teacher/students/u-teacher': { body: students },
  });

  it('speaks of the student by first name', async () => {
    setup('/teacher/students/s1', routes(withDelivery(profileOf([ONE], 's1'), LIVELIER)), 'teacher');
    expect(await screen.findByRole('heading', { level: 1, name: 'Amy Ash' }, SLOW)).toBeInTheDocument();
    const region = await section();
    expect(await within(region).findByText("Amy's voice has more variety than in their first recordings.")).toBeInTheDocument();
    expect(region).toHaveTextContent('Physical strand: self-assessed 2.75');
    expect(chartRows('Delivery over time').map((row) => row[0])).toEqual(['Introduce yourself', 'My hero', 'A favourite place', 'Summarise']);
  });

  it('says "No measured recordings yet." without a link, also before a self-assessment', async () => {
    setup('/teacher/students/s1', routes(profileOf([], 's1'), []), 'teacher');
    expect(await screen.findByText('This student has not taken the self-assessment yet.', {}, SLOW)).toBeInTheDocument();
    const region = await section();
    expect(region).toHaveTextContent('No measured recordings yet.');
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
  });
});
