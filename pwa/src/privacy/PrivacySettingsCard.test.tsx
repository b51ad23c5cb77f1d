import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, USERS } from '../test/fetchMock';
import { renderAt } from '../test/renderApp';
import { prepareScreenTests, findToast } from '../test/adminTestUtils';

prepareScreenTests();

const STORED = {
  language: 'English',
  backupFrequency: 'Weekly',
  schoolName: '',
  privacyContact: '',
  recordingRetentionDays: 365,
  inactiveAccountMonths: null,
  updatedAt: null,
  updatedBy: null,
};

describe('the privacy notice settings (docs/product.md#privacy)', { timeout: 30_000 }, () => {
  it('edits the school’s name and privacy contact and saves them with the other settings', async () => {
    const puts: unknown[] = [];
    mockFetch({
      'GET /auth/current_user': { body: USERS.admin },
      'GET /api/admin/settings': { body: STORED },
      'PUT /api/admin/settings': async (request) => {
        const body = await request.json();
        puts.push(body);
        return { body: { ...STORED, ...(body as object), updatedAt: '2026-11-26T10:00:00.000Z' } };
      },
    });
    renderAt('/admin/setting');
    const user = userEvent.setup();
    expect(await screen.findByText('Privacy Notice')).toBeInTheDocument();
    const save = screen.getByText('Save All Changes', { selector: 'ion-button' }) as HTMLElement & { disabled?: boolean };
    expect(save.disabled).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'School name' }), 'Hillside School');
    await user.type(screen.getByRole('textbox', { name: 'Privacy contact' }), 'privacy@hillside.example');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await findToast('Settings saved');
    expect(puts).toEqual([
      { language: 'English', backupFrequency: 'Weekly', schoolName: 'Hillside School', privacyContact: 'privacy@hillside.example', recordingRetentionDays: 365, inactiveAccountMonths: null },
    ]);
  });
});
