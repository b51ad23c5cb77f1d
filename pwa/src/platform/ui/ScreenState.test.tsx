import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScreenState } from './ScreenState';

const base = { loading: false, error: undefined, empty: false, errorText: 'Failed', emptyText: 'Nothing here' };

describe('ScreenState', () => {
  it('shows the loading label, then the error with Retry, the empty text or the content', async () => {
    const { rerender } = render(
      <ScreenState {...base} loading loadingText="Loading...">
        <p>content</p>
      </ScreenState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    const onRetry = vi.fn();
    rerender(
      <ScreenState {...base} error={new Error('x')} onRetry={onRetry}>
        <p>content</p>
      </ScreenState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    // ion-button is a plain custom element in jsdom (its native button lives in the shadow DOM).
    await userEvent.click(screen.getByText('Retry'));
    expect(onRetry).toHaveBeenCalledOnce();

    rerender(
      <ScreenState {...base} empty>
        <p>content</p>
      </ScreenState>,
    );
    expect(screen.getByText('Nothing here')).toBeInTheDocument();

    rerender(
      <ScreenState {...base}>
        <p>content</p>
      </ScreenState>,
    );
    expect(screen.getByText('content')).toBeInTheDocument();
  });
});
