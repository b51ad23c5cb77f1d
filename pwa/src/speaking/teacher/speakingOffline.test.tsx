import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeCache } from '../../platform/api/cache';
import { recordingDeliveryKey } from '../../delivery/delivery';
import { courseFixture } from '../../test/courses';
import { recordingDeliveryFixture } from '../../test/deliveryFixtures';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { mockFetch, USERS } from '../../test/fetchMock';
import { renderAt } from '../../test/renderApp';
import { reviewItemFixture, teacherTaskFixture } from '../../test/speakingFixtures';
import { queueKey, tasksKey } from './TeacherSpeakingPage';

/**
 * Speaking Practice offline (docs/product.md#speaking-practice): with the server unreachable, the
 * tasks and the review queue an earlier visit cached are shown under one offline banner, and a
 * recording's review screen with its delivery card (docs/product.md#delivery-for-teachers).
 */
useFakeIndexedDb();
vi.mock('react-chartjs-2', () => ({ Line: () => null }));

const MINUTE = 60_000;

describe('Speaking Practice offline', { timeout: 20_000 }, () => {
  it('shows the cached tasks and pending recordings under one banner dated by the oldest', async () => {
    const teacher = USERS.teacher.id;
    await writeCache(teacher, tasksKey(teacher), [teacherTaskFixture('k1', 'My hero', { submitted: 2, students: 3 })], Date.now() - 4 * MINUTE);
    await writeCache(teacher, '/api/teacher/courses', [courseFixture('c1', 'Public Speaking')], Date.now() - 4 * MINUTE);
    await writeCache(teacher, queueKey(teacher, 'pending'), { status: 'pending', items: [reviewItemFixture('r1', 'Amy Adams')] }, Date.now() - 9 * MINUTE);
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.teacher } });
    fetchSpy.mockImplementation(async (input) => {
      if (String(input) === '/auth/current_user') return new Response(JSON.stringify(USERS.teacher), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('Failed to fetch');
    });
    renderAt('/teacher/speaking');
    expect(await screen.findByText('Showing data from 9 minutes ago', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('2 of 3 answered, 0 reviewed')).toBeInTheDocument();
    expect(await screen.findByText('1 waiting')).toBeInTheDocument();
    expect(screen.getByText('Amy Adams')).toBeInTheDocument();
    expect(screen.getAllByText(/Showing data from/)).toHaveLength(1);
  });

  it('shows a cached recording with its cached delivery card on the review screen', async () => {
    const teacher = USERS.teacher.id;
    const item = reviewItemFixture('r1', 'Amy Adams');
    await writeCache(teacher, `/api/teacher/recordings/${teacher}#r1`, { recordingId: 'r1', item, pending: [item] }, Date.now() - 5 * MINUTE);
    await writeCache(teacher, recordingDeliveryKey('r1', item.submittedAt), recordingDeliveryFixture(), Date.now() - 5 * MINUTE);
    const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.teacher } });
    fetchSpy.mockImplementation(async (input) => {
      if (String(input) === '/auth/current_user') return new Response(JSON.stringify(USERS.teacher), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('Failed to fetch');
    });
    renderAt('/teacher/speaking/review/r1');
    expect(await screen.findByText('Showing data from 5 minutes ago', undefined, { timeout: 8000 })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'How did it sound?' });
    expect(await within(card).findByText('Measured by the server')).toBeInTheDocument();
    expect(card).toHaveTextContent('Comfortable · 4.2 syllables a second');
  });
});
