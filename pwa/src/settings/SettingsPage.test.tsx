import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { fieldError, fieldHelper, getField, typeInto } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { prepareScreenTests, findAlert, findToast, openAlertDialog } from '../test/adminTestUtils';

prepareScreenTests();

const STORED = {
  language: 'English',
  backupFrequency: 'Daily',
  schoolName: 'Hillside School',
  privacyContact: 'privacy@hillside.example',
  recordingRetentionDays: 365,
  inactiveAccountMonths: null,
  transcriptRetentionDays: null,
  fillerWords: ['um', 'uh', 'er', 'erm', 'hmm', 'like', 'you know'],
  updatedAt: null,
  updatedBy: null,
};

function setup(exportRoute: FakeRoute, settingsRoutes: Record<string, FakeRoute> = {}) {
  const fetchSpy = mockFetch({
    'GET /auth/current_user': { body: USERS.admin },
    'GET /api/admin/export': exportRoute,
    'GET /api/admin/settings': { body: STORED },
    'GET /api/admin/backups': { body: { mode: 'embedded', frequency: 'Daily', nextRunAt: null, last: null, running: false, archives: [] } },
    ...settingsRoutes,
  });
  const created: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:export';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  renderAt('/admin/setting');
  return { fetchSpy, created, downloads, user: userEvent.setup() };
}

describe('the admin settings (docs/product.md#settings)', { timeout: 30_000 }, () => {
  it('shows every section and control', async () => {
    setup({ body: [] });
    expect(await screen.findByText('Manage your dashboard preferences and system settings.')).toBeInTheDocument();
    await screen.findByText('General Settings');
    for (const heading of ['General Settings', 'Data & Backup', 'Export Data', 'Import Data']) {
      expect(screen.getByText(heading).tagName).toBe('H2');
    }
    const selects = Array.from(document.querySelectorAll('ion-select')) as (HTMLElement & { label?: string; value?: string })[];
    expect(selects.map((select) => Array.from(select.querySelectorAll('ion-select-option')).map((o) => o.textContent))).toEqual([
      ['English', 'Spanish', 'French'],
      ['Daily', 'Weekly', 'Monthly'],
      ['JSON', 'CSV'],
    ]);
    for (const text of ['Export Now', 'Import', 'Save All Changes', 'Revert to Default']) {
      expect(screen.getByText(text, { selector: 'ion-button' })).toBeInTheDocument();
    }
  });

  it('exports JSON by default, saves it as user_data.json and shows the success toast', async () => {
    let release: () => void = () => undefined;
    const { fetchSpy, created, downloads, user } = setup(
      (request) =>
        new Promise((resolve) => {
          expect(request.headers.get('Accept')).toBe('application/json');
          release = () => resolve({ body: [{ id: '1', name: 'Ann', email: 'a@x', role: 3, createdAt: '2025-01-01T00:00:00.000Z' }] });
        }),
    );
    await user.click(await screen.findByText('Export Now', { selector: 'ion-button' }));
    expect(await screen.findByLabelText('Exporting')).toBeInTheDocument();
    release();
    const toast = await findToast('Data exported successfully');
    expect(toast.duration).toBe(6000);
    expect(downloads).toEqual(['user_data.json']);
    expect(await created[0]?.text()).toContain('"name":"Ann"');
    expect(new URL(String(fetchSpy.mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('fileType')).toBe('json');
    await waitFor(() => expect(screen.queryByLabelText('Exporting')).not.toBeInTheDocument());
  });

  it('shows "Failed to export data" when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { downloads, user } = setup({ status: 500, body: { error: { code: 'internal_error', message: 'x' } } });
    await user.click(await screen.findByText('Export Now', { selector: 'ion-button' }));
    await findToast('Failed to export data');
    expect(downloads).toEqual([]);
  });

  const button = (text: string) => screen.getByText(text, { selector: 'ion-button' }) as HTMLElement & { disabled?: boolean };

  it('"Revert to Default" asks, then saves English and Daily', async () => {
    const puts: unknown[] = [];
    const { user } = setup(
      { body: [] },
      {
        'GET /api/admin/settings': { body: { ...STORED, language: 'French', backupFrequency: 'Monthly' } },
        'PUT /api/admin/settings': async (request) => {
          const body = await request.json();
          puts.push(body);
          return { body: { ...STORED, ...(body as object), updatedAt: '2026-11-26T10:00:00.000Z' } };
        },
      },
    );
    await waitFor(() => expect(document.querySelectorAll('ion-select')).toHaveLength(3));
    // nothing edited: saving is off until a select changes
    expect(button('Save All Changes').disabled).toBe(true);
    await user.click(button('Revert to Default'));
    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Restore English and Daily and save them for the whole school?');
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await findToast('Settings reverted to default');
    // the privacy and retention fields are kept as saved
    expect(puts).toEqual([
      { language: 'English', backupFrequency: 'Daily', schoolName: 'Hillside School', privacyContact: 'privacy@hillside.example', recordingRetentionDays: 365, inactiveAccountMonths: null },
    ]);
  });

  it('"Import" opens the import dialog with its labelled file chooser', async () => {
    const { user } = setup({ body: [] });
    await user.click(await screen.findByText('Import', { selector: 'ion-button' }));
    expect(await screen.findByLabelText('File (CSV or JSON)')).toHaveAttribute('type', 'file');
    expect(document.querySelector('ion-modal.import-dialog')).toHaveAttribute('aria-label', 'Import Data');
    // Closed again, so that no open dialog hides the next test's screen.
    await user.click(screen.getByText('Cancel', { selector: 'ion-button' }));
    await waitFor(() => expect(screen.queryByLabelText('File (CSV or JSON)')).not.toBeInTheDocument());
  });

  it('says when the settings cannot be loaded and tries again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const { user } = setup(
      { body: [] },
      {
        'GET /api/admin/settings': () => (++calls === 1 ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: STORED }),
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The settings could not be loaded.');
    await user.click(screen.getByText('Retry', { selector: 'ion-button' }));
    await waitFor(() => expect(document.querySelectorAll('ion-select')).toHaveLength(3));
    expect(screen.queryByText('The settings could not be loaded.')).not.toBeInTheDocument();
  });

  /** A settings screen whose PUT answers what it was sent, and a dry run that counts `count` recordings' audio. */
  function retentionSetup(count: number) {
    const puts: unknown[] = [];
    const previews: string[] = [];
    const found = setup(
      { body: [] },
      {
        'PUT /api/admin/settings': async (request) => {
          const body = await request.json();
          puts.push(body);
          return { body: { ...STORED, ...(body as object), updatedAt: '2026-11-26T10:00:00.000Z' } };
        },
        'POST /api/admin/privacy/retention': (request) => {
          previews.push(new URL(request.url).search);
          return {
            body: {
              dryRun: true,
              at: '2026-11-27T02:00:00.000Z',
              recordingRetentionDays: 90,
              removed: [
                { kind: 'recording_audio', count, oldest: count ? '2026-03-02T10:00:00.000Z' : null },
                { kind: 'sessions', count: 4, oldest: '2026-11-01T10:00:00.000Z' },
              ],
              inactiveAccounts: null,
            },
          };
        },
      },
    );
    return { ...found, puts, previews };
  }

  /** Types a whole value into a number field, as Ionic reports it (`ionInput`). */
  const setNumber = (field: HTMLElement, value: string) => typeInto(field, value);

  const daysField = () => screen.findByRole('spinbutton', { name: 'Keep recordings’ audio (days)' });

  it('asks before a shorter recording retention removes audio, with the dry run’s count and oldest date, and saves on confirm', async () => {
    const { user, puts, previews } = retentionSetup(3);
    const days = await daysField();
    setNumber(days, '90');
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
    await user.click(button('Save All Changes'));
    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('This will remove the audio of 3 recordings (oldest 2 Mar 2026). Save?');
    expect(previews).toEqual(['?dryRun=1&recordingRetentionDays=90']);
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('Settings saved');
    expect(puts).toEqual([expect.objectContaining({ recordingRetentionDays: 90, inactiveAccountMonths: null })]);
  });

  it('saves a shorter retention at once when it removes nothing, and a longer one without a dry run', async () => {
    const { user, puts, previews } = retentionSetup(0);
    const days = await daysField();
    setNumber(days, '200');
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
    await user.click(button('Save All Changes'));
    await findToast('Settings saved');
    expect(previews).toHaveLength(1);
    setNumber(days, '400');
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
    await user.click(button('Save All Changes'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(previews).toHaveLength(1);
    expect(puts.at(-1)).toMatchObject({ recordingRetentionDays: 400 });
  });

  it('asks before a bottom tab leaves an unsaved edit: "Stay" keeps it, "Leave" opens the tab and drops it', async () => {
    const { user } = retentionSetup(0);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const days = await daysField();
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
    setNumber(days, '400');
    expect(await screen.findByText('You have unsaved changes.')).toBeInTheDocument();
    const usersTab = () => screen.getByText('Users', { selector: '.role-tabs__label' });

    await user.click(usersTab());
    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Leave without saving?');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByTestId('location').textContent).toBe('/admin/setting');
    expect(button('Save All Changes').disabled).toBe(false);
    expect(days).toHaveValue(400);

    await waitFor(() => expect(openAlertDialog()).toBeNull());
    await user.click(usersTab());
    await user.click(within(await findAlert()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/users'));
    // the screen left behind, kept by Ionic, shows the saved settings again
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(true));
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
  });

  it('says why a retention cannot be saved and keeps saving off', async () => {
    retentionSetup(0);
    const days = await daysField();
    setNumber(days, '10');
    expect(await screen.findByText('Enter a whole number of days from 30 to 1,825.')).toBeInTheDocument();
    await waitFor(() => expect(days).toHaveAttribute('aria-invalid', 'true'));
    expect(fieldError(days)).toBe('Enter a whole number of days from 30 to 1,825.');
    expect(button('Save All Changes').disabled).toBe(true);
    setNumber(days, '365');
    const months = screen.getByRole('spinbutton', { name: 'Report inactive accounts after (months)' });
    setNumber(months, '3');
    expect(await screen.findByText('Leave empty, or enter a whole number of months from 6 to 60.')).toBeInTheDocument();
    expect(button('Save All Changes').disabled).toBe(true);
    setNumber(months, '12');
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
    expect(screen.getByText('Open the access log', { selector: 'ion-button' })).toBeInTheDocument();
  });
});

describe('the transcripts card of the settings (docs/product.md#settings)', { timeout: 30_000 }, () => {
  const button = (text: string) => screen.getByText(text, { selector: 'ion-button' }) as HTMLElement & { disabled?: boolean };
  /** A settings screen whose PUT answers `refuse` first when given, then what it was sent. */
  function transcriptSetup(refuse?: Record<string, string>) {
    const puts: Record<string, unknown>[] = [];
    const found = setup(
      { body: [] },
      {
        'PUT /api/admin/settings': async (request) => {
          const body = (await request.json()) as Record<string, unknown>;
          puts.push(body);
          if (refuse && puts.length === 1) return { status: 400, body: { error: { code: 'validation_error', message: Object.values(refuse)[0], fields: refuse } } };
          return { body: { ...STORED, ...body, updatedAt: '2026-11-26T10:00:00.000Z' } };
        },
      },
    );
    return { ...found, puts };
  }
  const fillerField = async () => {
    await screen.findByText('Transcripts');
    return getField('Filler words');
  };

  it('edits the filler words one a line: the server’s message beside them with the text kept, then saved trimmed; "Reset to defaults" puts the defaults back', async () => {
    const FILLERS = 'Filler words must be a list of at most 50 words or short phrases of 1 to 40 characters.';
    const { user, puts } = transcriptSetup({ fillerWords: FILLERS });
    const fillers = await fillerField();
    expect(fillers.value).toBe('um\nuh\ner\nerm\nhmm\nlike\nyou know');
    expect(fieldHelper(fillers)).toBe('One word or short phrase a line, at most 50. “like” and “you know” are marked only where they are used as fillers.');

    typeInto(fillers, 'um\n  so yeah \n\nbasically');
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
    await user.click(button('Save All Changes'));
    await waitFor(() => expect(fieldError(fillers)).toBe(FILLERS));
    await findToast('Failed to save settings');
    expect(fillers.value).toBe('um\n  so yeah \n\nbasically');
    expect(puts[0]).toMatchObject({ fillerWords: ['um', 'so yeah', 'basically'] });
    expect(puts[0]).not.toHaveProperty('transcriptRetentionDays');

    await user.click(button('Save All Changes'));
    await findToast('Settings saved');
    expect(puts[1]).toMatchObject({ fillerWords: ['um', 'so yeah', 'basically'] });
    expect(fieldError(fillers)).toBeUndefined();

    await user.click(button('Reset to defaults'));
    expect(fillers.value).toBe('um\nuh\ner\nerm\nhmm\nlike\nyou know');
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
  });

  it('keeps transcripts after the audio when ticked: at least the audio’s days, the server’s message shown, off again sends null', async () => {
    const SHORTER = 'Transcripts must be kept at least as long as the audio (365 days), or removed with it.';
    const { user, puts } = transcriptSetup({ transcriptRetentionDays: SHORTER });
    await fillerField();
    const keep = screen.getByRole('checkbox', { name: 'Keep transcripts after the audio is removed' });
    expect(keep).not.toBeChecked();
    expect(screen.queryByRole('spinbutton', { name: 'Keep transcripts for (days)' })).not.toBeInTheDocument();

    await user.click(keep);
    const days = await screen.findByRole('spinbutton', { name: 'Keep transcripts for (days)' });
    expect(days).toHaveValue(730);
    typeInto(days, '200');
    expect(await screen.findByText('Enter a whole number of days from 365 to 3,650.')).toBeInTheDocument();
    expect(button('Save All Changes').disabled).toBe(true);

    typeInto(days, '800');
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
    await user.click(button('Save All Changes'));
    expect(await screen.findByText(SHORTER)).toBeInTheDocument();
    expect(days).toHaveValue(800);
    expect(puts[0]).toMatchObject({ transcriptRetentionDays: 800 });
    expect(puts[0]).not.toHaveProperty('fillerWords');

    await user.click(button('Save All Changes'));
    await findToast('Settings saved');
    expect(puts[1]).toMatchObject({ transcriptRetentionDays: 800 });
    await user.click(screen.getByRole('checkbox', { name: 'Keep transcripts after the audio is removed' }));
    await waitFor(() => expect(button('Save All Changes').disabled).toBe(false));
    await user.click(button('Save All Changes'));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]).toMatchObject({ transcriptRetentionDays: null });
  });
});
