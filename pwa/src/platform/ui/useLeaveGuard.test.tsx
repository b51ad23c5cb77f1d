import { IonTabButton } from '@ionic/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTER_FUTURE } from '../../shell/App';
import { LeaveGuard, useLeaveGuard } from './useLeaveGuard';

function Editor({ dirty }: { dirty: boolean }) {
  const [edited, setEdited] = useState(dirty);
  useLeaveGuard(edited, () => setEdited(false));
  return (
    <>
      <h1>Editor</h1>
      <p>{edited ? 'Unsaved edit' : 'Nothing unsaved'}</p>
      <button type="button" onClick={() => setEdited(true)}>
        Edit
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/admin/setting">This screen</Link>
    </>
  );
}

/** A tab bar's button as Ionic renders it, routing on its own click (as `IonTabBar` does). */
function TabButton() {
  const navigate = useNavigate();
  return (
    <IonTabButton tab="users" href="/admin/users" onClick={() => navigate('/admin/users')}>
      <span>Users tab</span>
    </IonTabButton>
  );
}

function renderAt(dirty: boolean) {
  return render(
    <BrowserRouter future={ROUTER_FUTURE}>
      <LeaveGuard />
      <Routes>
        <Route path="/admin/setting" element={<Editor dirty={dirty} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
        <Route path="/admin/users" element={<h1>Users page</h1>} />
        <Route path="/before" element={<h1>Before page</h1>} />
      </Routes>
      <TabButton />
    </BrowserRouter>,
  );
}

describe('useLeaveGuard and the shell’s LeaveGuard (docs/product.md#settings)', () => {
  beforeEach(() => window.history.pushState({}, '', '/admin/setting'));
  afterEach(() => window.history.pushState({}, '', '/'));

  it('lets links through while nothing is unsaved', async () => {
    renderAt(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('holds a link while an edit is unsaved: "Stay" keeps the screen and the edit, "Leave" follows the link and drops the edit', async () => {
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/setting');

    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved edit')).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('lets a link to the screen on show through', async () => {
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'This screen' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument();
  });

  it('holds a bottom tab, whose click Ionic routes itself, and "Leave" taps it again', async () => {
    renderAt(true);
    fireEvent.click(screen.getByText('Users tab'));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/setting');
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(screen.getByText('Unsaved edit')).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument());
    fireEvent.click(screen.getByText('Users tab'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  });

  it('holds the browser’s back button: "Stay" keeps the address and the edit', async () => {
    window.history.replaceState({ idx: 0 }, '', '/before');
    window.history.pushState({ idx: 1 }, '', '/admin/setting');
    renderAt(false);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    act(() => window.history.back());
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/setting'));
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(screen.getByText('Unsaved edit')).toBeInTheDocument();
  });

  it('asks the browser before a reload or close while an edit is unsaved', () => {
    renderAt(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
