import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { findField } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { prepareScreenTests } from '../test/adminTestUtils';
import { openModal } from '../test/dialogs';

prepareScreenTests();

function setup(profile: FakeRoute) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.admin },
    [`GET /api/user/profile/${USERS.admin.id}`]: profile,
    'GET /api/privacy/exports': { body: [] },
  });
  renderAt('/admin/profile');
  return fetchSpy;
}

describe('the admin profile (docs/product.md#admin-profile)', { timeout: 30_000 }, () => {
  it('loads the stored user and shows name, "Role: Admin", email, Edit Profile and the three sections', async () => {
    setup({ body: { name: 'Ada Admin', email: 'admin@oracy.test', role: 1, profilePicture: null, language: null, student: null, teacher: null } });
    expect((await screen.findByText('Ada Admin')).tagName).toBe('H2');
    expect(screen.getByText('Role: Admin')).toBeInTheDocument();
    expect(screen.getByText('admin@oracy.test')).toBeInTheDocument();
    expect(screen.getByText('Edit Profile', { selector: 'ion-button' })).toBeInTheDocument();
    for (const [section, buttons] of [
      ['Security', ['Update Password', 'Set Up 2FA', 'View Login Activity']],
      ['Settings & Preferences', ['Theme Selection', 'Notification Settings', 'Language & Locale']],
      ['Help & Support', ['Support Tickets', 'Documentation']],
    ] as const) {
      expect(screen.getByText(section).tagName).toBe('H2');
      for (const button of buttons) expect(screen.getByText(button, { selector: 'ion-button' })).toBeInTheDocument();
    }
    expect(localStorage.getItem('userId')).toBe(USERS.admin.id);
    // the "Your data" card, with "Download my data" (docs/product.md#download-my-data)
    expect(await screen.findByText('You have not asked for a copy of your data yet.')).toBeInTheDocument();
    expect(screen.getByText('Download my data', { selector: 'ion-button' })).toBeInTheDocument();
  });

  it('"Update Password" opens Change password; "Edit Profile" opens the photo and language dialog', async () => {
    setup({ body: { name: 'Ada Admin', email: 'admin@oracy.test', role: 1, profilePicture: '/uploads/photo-ada.png', language: null, student: null, teacher: null } });
    expect(await screen.findByAltText('Photo of Ada Admin')).toHaveAttribute('src', '/uploads/photo-ada.png');
    await userEvent.click(screen.getByText('Update Password', { selector: 'ion-button' }));
    const password = await openModal('password-dialog');
    expect(await findField('Current password', password)).toBeInTheDocument();
    await userEvent.click(within(password).getByText('Cancel', { selector: 'ion-button' }));
    await userEvent.click(screen.getByText('Edit Profile', { selector: 'ion-button' }));
    const dialog = await openModal('profile-edit-dialog');
    expect(within(dialog).getByText('Remove photo', { selector: 'ion-button' })).toBeInTheDocument();
  });

  it('shows "Failed to load profile data: {message}"', async () => {
    setup({ status: 404, body: { error: { code: 'not_found', message: 'No such user.' } } });
    expect(await screen.findByText('Failed to load profile data: No such user.')).toBeInTheDocument();
  });

  it('says "Unknown Error" when the failure has no message', async () => {
    setup({ status: 500, body: 'not json' });
    expect(await screen.findByText(/^Failed to load profile data: /)).toBeInTheDocument();
  });
});
