import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { YourDataCard } from './YourDataCard';

const DAY = 24 * 3600 * 1000;

function renderCard() {
  return render(
    <MemoryRouter>
      <YourDataCard pollMs={20}>
        <p>More about your data</p>
      </YourDataCard>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the "Your data" card (docs/product.md#download-my-data)', () => {
  it('starts an export, shows it pending with a spinner, and polls until it is ready to download', async () => {
    const createdAt = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 7 * DAY).toISOString();
    let looks = 0;
    let started = false;
    const fetchMock = mockFetch({
      'GET /api/privacy/exports': () => {
        if (!started) return { body: [] };
        looks += 1;
        return { body: [{ id: 'e1', status: looks < 3 ? 'pending' : 'ready', createdAt, expiresAt, size: looks < 3 ? null : 2_500_000 }] };
      },
      'POST /api/privacy/exports': () => {
        started = true;
        return { status: 202, body: { id: 'e1', status: 'pending' } };
      },
    });
    renderCard();
    expect(await screen.findByText('You have not asked for a copy of your data yet.')).toBeInTheDocument();
    expect(screen.getByText('More about your data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the privacy notice' })).toHaveAttribute('href', '/privacy');

    fireEvent.click(screen.getByText('Download my data', { selector: 'ion-button' }));
    expect(await screen.findByText('Preparing your data…')).toBeInTheDocument();
    expect(screen.getByText('Download my data', { selector: 'ion-button' })).toHaveAttribute('disabled');

    const link = await screen.findByRole('link', { name: /^Download your data asked for .*, 2\.5 MB$/ }, { timeout: 3_000 });
    expect(link).toHaveAttribute('href', '/api/privacy/exports/e1/download');
    expect(link).toHaveTextContent('Download (2.5 MB)');
    expect(screen.getByText(/^Available until /)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/privacy/exports')).length).toBeGreaterThanOrEqual(4);
  });

  it('says when the next export may be asked for after a 429', async () => {
    const createdAt = new Date(Date.now() - 3 * 3600 * 1000).toISOString();
    mockFetch({
      'GET /api/privacy/exports': { body: [{ id: 'e1', status: 'ready', createdAt, expiresAt: new Date(Date.now() + 6 * DAY).toISOString(), size: 900 }] },
      'POST /api/privacy/exports': {
        status: 429,
        headers: { 'Retry-After': '75600' },
        body: { error: { code: 'rate_limited', message: 'You can ask for one export a day.' } },
      },
    });
    renderCard();
    expect(await screen.findByText('Download (900 byte)')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Download my data', { selector: 'ion-button' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^You can ask for one export a day\. You can ask for the next one after .+\.$/);
  });

  it('shows a failed export, and a load failure with Retry', async () => {
    let fail = true;
    mockFetch({
      'GET /api/privacy/exports': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : { body: [{ id: 'e2', status: 'failed', createdAt: new Date().toISOString(), expiresAt: new Date().toISOString(), size: null }] },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCard();
    expect(await screen.findByText('Your copies could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByText('Retry'));
    await waitFor(() => expect(screen.getByText('This copy could not be made. Ask for a new one.')).toBeInTheDocument());
  });
});
