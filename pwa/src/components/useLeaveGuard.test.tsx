import { fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTER_FUTURE } from '../App';
import { useLeaveGuard } from './useLeaveGuard';

function Editor({ dirty }: { dirty: boolean }) {
  useLeaveGuard(dirty);
  return (
    <>
      <h1>Editor</h1>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

function renderAt(dirty: boolean) {
  return render(
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/admin/setting" element={<Editor dirty={dirty} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
      </Routes>
    </BrowserRouter>,
  );
}

describe('useLeaveGuard (docs/product.md#settings)', () => {
  beforeEach(() => window.history.pushState({}, '', '/admin/setting'));
  afterEach(() => window.history.pushState({}, '', '/'));

  it('lets links through while nothing is unsaved', async () => {
    renderAt(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('holds a link while an edit is unsaved: "Stay" keeps the screen, "Leave" follows the link', async () => {
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/setting');

    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('asks the browser before a reload or close while an edit is unsaved', () => {
    renderAt(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
