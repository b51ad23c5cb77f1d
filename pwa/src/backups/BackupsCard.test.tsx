import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findToast, prepareScreenTests } from '../test/adminTestUtils';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { fieldHelper, getField, optionTexts } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { t } from '../platform/i18n';
import BackupsCard, { BACKUP_TEXTS, backupTime } from './BackupsCard';
import type { BackupStatus } from './backupsApi';

prepareScreenTests();

const NAME = 'oracy-backup-2026-11-27T03-00-04Z.tar.gz';
const OLDER = 'oracy-backup-2026-11-26T03-00-03Z.tar.gz';

const STATUS: BackupStatus = {
  mode: 'embedded',
  frequency: 'Daily',
  nextRunAt: '2026-11-28T03:00:00.000Z',
  last: {
    startedAt: '2026-11-27T03:00:04.000Z',
    finishedAt: '2026-11-27T03:00:06.000Z',
    ok: true,
    size: 123_456,
    name: NAME,
    trigger: 'schedule',
    by: null,
  },
  running: false,
  archives: [
    { name: NAME, size: 123_456, createdAt: '2026-11-27T03:00:04.000Z' },
    { name: OLDER, size: 120_000, createdAt: '2026-11-26T03:00:03.000Z' },
  ],
};

/** Renders the card alone (with the session's current user), polling every 10 ms. */
function setup(routes: Record<string, FakeRoute>, props: { frequency?: string } = {}) {
  const onFrequencyChange = vi.fn();
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.admin }, ...routes });
  renderAt('/admin/setting', <BackupsCard frequencies={['Daily', 'Weekly', 'Monthly']} frequency={props.frequency ?? 'Daily'} onFrequencyChange={onFrequencyChange} pollMs={10} />);
  return { fetchSpy, onFrequencyChange, user: userEvent.setup() };
}

const backupButton = () => screen.getByText(t(BACKUP_TEXTS.backUpNow), { selector: 'ion-button' }) as HTMLElement & { disabled?: boolean };
const when = (iso: string) => backupTime(iso);

describe('the "Data & Backup" card (docs/product.md#backups-on-the-settings-screen)', () => {
  it('shows the last backup, the next one and every kept archive with a download link', async () => {
    setup({ 'GET /api/admin/backups': { body: STATUS } });
    expect(await screen.findByText(`Succeeded · 123.5 KB`)).toBeInTheDocument();
    expect(screen.getByText(t(BACKUP_TEXTS.heading)).tagName).toBe('H2');
    // The last backup's time and its archive's fall in the same minute: the first is the last backup's line.
    const [lastTime] = screen.getAllByText(when(STATUS.last!.finishedAt));
    expect(lastTime).toHaveClass('backups-last__time');
    expect(screen.getByText(t(BACKUP_TEXTS.scheduled))).toBeInTheDocument();
    expect(screen.getByText(`Next scheduled backup: ${when('2026-11-28T03:00:00.000Z')}`)).toBeInTheDocument();

    const list = screen.getByRole('list', { name: t(BACKUP_TEXTS.archivesHeading) });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(when(STATUS.archives[0]!.createdAt));
    expect(rows[0]).toHaveTextContent('123.5 KB');
    const download = within(rows[1]!).getByRole('link', { name: `Download the backup of ${when(STATUS.archives[1]!.createdAt)} (120.0 KB)` });
    expect(download).toHaveTextContent(t(BACKUP_TEXTS.download));
    expect(download).toHaveAttribute('href', `/api/admin/backups/${OLDER}`);
    expect(download).toHaveAttribute('download', OLDER);
    expect(backupButton().disabled).toBe(false);
    const frequency = getField(t(BACKUP_TEXTS.frequency));
    expect(frequency).toMatchObject({ value: 'Daily', disabled: false });
    expect(optionTexts(frequency)).toEqual(['Daily', 'Weekly', 'Monthly']);
    expect(fieldHelper(frequency)).toBeUndefined();
  });

  it('says when there is no backup yet, none is kept and none is scheduled', async () => {
    setup({ 'GET /api/admin/backups': { body: { ...STATUS, nextRunAt: null, last: null, archives: [] } } });
    expect(await screen.findByText(t(BACKUP_TEXTS.never))).toBeInTheDocument();
    expect(screen.getByText(t(BACKUP_TEXTS.noArchives))).toBeInTheDocument();
    expect(screen.getByText(t(BACKUP_TEXTS.unscheduled))).toBeInTheDocument();
  });

  it('shows the last backup’s failure and who started it', async () => {
    const failed = { ...STATUS.last!, ok: false, size: null, name: null, error: 'No space left on device.', trigger: 'manual' as const, by: { id: 'u-admin', name: 'Ada Admin' } };
    setup({ 'GET /api/admin/backups': { body: { ...STATUS, last: failed } } });
    expect(await screen.findByText('Failed: No space left on device.')).toBeInTheDocument();
    expect(screen.getByText('Back up now by Ada Admin')).toBeInTheDocument();
  });

  it('"Back up now" starts a backup, shows its progress while it runs, then the new archive and a toast', async () => {
    let looks = 0;
    const done = {
      ...STATUS,
      last: {
        ...STATUS.last!,
        name: 'oracy-backup-2026-11-27T10-15-00Z.tar.gz',
        finishedAt: '2026-11-27T10:15:02.000Z',
        trigger: 'manual' as const,
        by: { id: 'u-admin', name: 'Ada Admin' },
      },
      archives: [{ name: 'oracy-backup-2026-11-27T10-15-00Z.tar.gz', size: 130_000, createdAt: '2026-11-27T10:15:00.000Z' }, ...STATUS.archives],
    };
    let release: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const { fetchSpy, user } = setup({
      'GET /api/admin/backups': async () => {
        if (!started) return { body: STATUS };
        looks += 1;
        // running until the test lets it finish
        if (looks < 3) return { body: { ...STATUS, running: true } };
        await finished;
        return { body: done };
      },
      'POST /api/admin/backups': () => {
        started = true;
        return { status: 202, body: { id: '0123456789abcdef01234567' } };
      },
    });
    await screen.findByText(`Succeeded · 123.5 KB`);
    await user.click(backupButton());
    expect(await screen.findByLabelText(t(BACKUP_TEXTS.running))).toBeInTheDocument();
    expect(screen.getByText(t(BACKUP_TEXTS.running))).toBeInTheDocument();
    expect(backupButton().disabled).toBe(true);
    expect(fetchSpy.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(looks).toBeGreaterThanOrEqual(3));
    expect(screen.getByText(t(BACKUP_TEXTS.running))).toBeInTheDocument();

    release();
    await findToast(t(BACKUP_TEXTS.finished));
    expect(await screen.findByText('Back up now by Ada Admin')).toBeInTheDocument();
    expect(screen.queryByText(t(BACKUP_TEXTS.running))).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: t(BACKUP_TEXTS.archivesHeading) })).getAllByRole('listitem')).toHaveLength(3);
    expect(backupButton().disabled).toBe(false);
  });

  it('follows a backup already running (409) to its end, and says when it failed', async () => {
    let looks = 0;
    const failed = { ...STATUS.last!, ok: false, size: null, name: null, error: 'The database program could not be started.', finishedAt: '2026-11-27T10:15:02.000Z' };
    const { user } = setup({
      'GET /api/admin/backups': () => {
        looks += 1;
        if (looks === 1) return { body: STATUS };
        return { body: looks < 3 ? { ...STATUS, running: true } : { ...STATUS, last: failed } };
      },
      'POST /api/admin/backups': { status: 409, body: { error: { code: 'backup_running', message: 'A backup is already running. Wait for it to finish.' } } },
    });
    await screen.findByText(`Succeeded · 123.5 KB`);
    await user.click(backupButton());
    const toast = await findToast(t(BACKUP_TEXTS.finishedFailed));
    expect(toast.color).toBe('danger');
    expect(await screen.findByText('Failed: The database program could not be started.')).toBeInTheDocument();
  });

  it('follows a backup that was running when the card opened', async () => {
    let looks = 0;
    setup({ 'GET /api/admin/backups': () => ({ body: ++looks === 1 ? { ...STATUS, running: true } : STATUS }) });
    expect(await screen.findByText(t(BACKUP_TEXTS.running))).toBeInTheDocument();
    await findToast(t(BACKUP_TEXTS.finished));
    await waitFor(() => expect(screen.queryByText(t(BACKUP_TEXTS.running))).not.toBeInTheDocument());
  });

  it('says when a backup cannot be started', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({
      'GET /api/admin/backups': { body: STATUS },
      'POST /api/admin/backups': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } },
    });
    await screen.findByText(`Succeeded · 123.5 KB`);
    await user.click(backupButton());
    expect((await findToast(t(BACKUP_TEXTS.startFailed))).color).toBe('danger');
    expect(backupButton().disabled).toBe(false);
  });

  it('shows a spinner while loading, and an error with Retry that loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    let answer: () => void = () => undefined;
    const { user } = setup({
      'GET /api/admin/backups': () => {
        calls += 1;
        if (calls === 1) return new Promise((resolve) => (answer = () => resolve({ status: 500, body: { error: { code: 'internal_error', message: 'x' } } })));
        return { body: STATUS };
      },
    });
    expect(await screen.findByLabelText(t(BACKUP_TEXTS.loading))).toBeInTheDocument();
    // the frequency can be chosen while the backups load.
    expect(getField(t(BACKUP_TEXTS.frequency))).toMatchObject({ value: 'Daily', disabled: false });
    answer();
    expect(await screen.findByText(t(BACKUP_TEXTS.loadFailed))).toBeInTheDocument();
    await user.click(screen.getByText('Retry', { selector: 'ion-button' }));
    expect(await screen.findByText(`Succeeded · 123.5 KB`)).toBeInTheDocument();
    expect(screen.queryByText(t(BACKUP_TEXTS.loadFailed))).not.toBeInTheDocument();
  });

  it('with MONGODB_URI says backups are the database’s job and disables the frequency', async () => {
    setup({ 'GET /api/admin/backups': { body: { ...STATUS, mode: 'external', nextRunAt: null, last: null, archives: [] } } }, { frequency: 'Weekly' });
    expect(await screen.findByText(t(BACKUP_TEXTS.external))).toBeInTheDocument();
    expect(t(BACKUP_TEXTS.external)).toMatch(/mongodump/);
    expect(t(BACKUP_TEXTS.external)).toMatch(/README/);
    const frequency = getField(t(BACKUP_TEXTS.frequency));
    await waitFor(() => expect(frequency).toMatchObject({ disabled: true, value: 'Weekly' }));
    expect(fieldHelper(frequency)).toBe(t(BACKUP_TEXTS.externalFrequency));
    expect(screen.queryByText(t(BACKUP_TEXTS.backUpNow), { selector: 'ion-button' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: t(BACKUP_TEXTS.archivesHeading) })).not.toBeInTheDocument();
  });
});
