import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';

const NOTICE = {
  school: { name: 'Hillside School', contact: 'privacy@hillside.example' },
  collections: [
    {
      name: 'Speaking-practice recordings',
      purpose: 'To let a student answer a speaking task aloud.',
      personalData: ['The recorded voice', 'When it was sent'],
      whoCanSee: 'The student, the course’s teacher and admins.',
      retention: 'The audio for as long as the school keeps recordings.',
      onErasure: 'Deleted with its audio file.',
    },
    { name: 'Server keys', purpose: 'To sign cookies.', personalData: [], whoCanSee: 'Nobody.', retention: 'Kept.', onErasure: 'Unchanged.' },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('the privacy notice at /privacy (docs/product.md#privacy)', () => {
  it('shows, signed out, what is stored, why, for how long, who sees it, and whom to ask', async () => {
    mockFetch({ 'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } }, 'GET /api/privacy/register': { body: NOTICE } });
    renderAt('/privacy');
    expect(await screen.findByRole('heading', { name: 'Your data in Oracy' })).toBeInTheDocument();
    expect(await screen.findByText(/^Hillside School uses Oracy/)).toBeInTheDocument();
    expect(screen.getByText('To ask for a copy of your data, or for your account and its data to be deleted, contact privacy@hillside.example.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Speaking-practice recordings' })).toBeInTheDocument();
    expect(screen.getByText('The recorded voice')).toBeInTheDocument();
    expect(screen.getByText('The audio for as long as the school keeps recordings.')).toBeInTheDocument();
    expect(screen.getByText('Deleted with its audio file.')).toBeInTheDocument();
    expect(screen.getByText('No personal data.')).toBeInTheDocument();
    expect(screen.getByText('The descriptions below are in English.')).toBeInTheDocument();
  });

  it('says whom to ask when the school has set no contact', async () => {
    mockFetch({
      'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
      'GET /api/privacy/register': { body: { ...NOTICE, school: { name: '', contact: '' } } },
    });
    renderAt('/privacy');
    expect(await screen.findByText(/^Your school uses Oracy/)).toBeInTheDocument();
    expect(screen.getByText(/ask your school’s Oracy administrator\.$/)).toBeInTheDocument();
  });

  it('says when the notice cannot be loaded, and tries again on Retry', async () => {
    let calls = 0;
    mockFetch({
      'GET /auth/current_user': { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
      'GET /api/privacy/register': () => (++calls === 1 ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: NOTICE }),
    });
    renderAt('/privacy');
    expect(await screen.findByText('The privacy notice could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Retry'));
    expect(await screen.findByRole('heading', { name: 'Speaking-practice recordings' })).toBeInTheDocument();
  });
});
