import { IonApp } from '@ionic/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type FakeRoute } from '../test/fetchMock';
import { findAlert, prepareScreenTests } from '../test/adminTestUtils';
import { t } from '../platform/i18n';
import { IMPORT_TEXTS, ImportDialog } from './ImportDialog';
import type { ImportResult } from './importApi';

prepareScreenTests();

const ROWS: ImportResult['rows'] = [
  { row: 2, email: 'nia@school.example', firstName: 'Nia', lastName: 'New', role: 'student', courses: ['Debating'], status: 'create', reasons: [] },
  { row: 3, email: 'rae@school.example', firstName: 'Rae', lastName: 'New', role: 'student', courses: [], status: 'update', reasons: ['Name: "Rae Old" → "Rae New"'] },
  { row: 4, email: 'sam@school.example', firstName: 'Sam', lastName: 'Same', role: 'teacher', courses: [], status: 'skip', reasons: [] },
  {
    row: 5,
    email: 'not-an-email',
    firstName: 'Bad',
    lastName: 'Row',
    role: 'student',
    courses: ['Knitting'],
    status: 'error',
    reasons: ['Email "not-an-email" is not a valid address.', 'Unknown course "Knitting".'],
  },
];
const PREVIEW: ImportResult = { dryRun: true, format: 'csv', counts: { create: 1, update: 1, skip: 1, error: 1 }, rows: ROWS };
const APPLIED: ImportResult = { ...PREVIEW, dryRun: false, passwords: [{ email: 'nia@school.example', password: 'K7PM-3XQD-HW2N-9ZRC' }] };
const FILE = new File(['firstName,lastName,email,role,courses\n'], 'class.csv', { type: 'text/csv' });

/** What the dialog sent to the import call: preview or not, the idempotency key, the form's file. */
interface Sent {
  dryRun: boolean;
  key: string | null;
  file: File | null;
}

/** The import route of the fake network: previews answer `preview`, imports `applied`. */
function importRoute(preview: FakeRoute, applied: FakeRoute = { body: APPLIED }): FakeRoute {
  return (request) => {
    const answer = new URL(request.url).searchParams.get('dryRun') === '1' ? preview : applied;
    return typeof answer === 'function' ? answer(request) : answer;
  };
}

/** Every import call the dialog made, read from the fetch calls (the form as sent, with its file's name). */
function importCalls(fetchSpy: ReturnType<typeof mockFetch>): Sent[] {
  return fetchSpy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init as RequestInit }))
    .filter(({ url }) => url.pathname === '/api/admin/import')
    .map(({ url, init }) => ({
      dryRun: url.searchParams.get('dryRun') === '1',
      key: new Headers(init.headers).get('Idempotency-Key'),
      file: (init.body as FormData).get('file') as File | null,
    }));
}

function show(routes: Record<string, FakeRoute>) {
  const fetchSpy = mockFetch(routes);
  const sent = () => importCalls(fetchSpy);
  const onClose = vi.fn();
  render(
    <IonApp>
      <ImportDialog isOpen onClose={onClose} />
    </IonApp>,
  );
  return { onClose, sent, user: userEvent.setup() };
}

/** A blob's text (jsdom's `Blob` has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** The file chooser, once Ionic has presented the dialog. */
const fileInput = () => screen.findByLabelText(t(IMPORT_TEXTS.fileLabel), undefined, { timeout: 8000 });
/** An Ionic button by its text (jsdom gives `ion-button` no role). */
const ionButton = (text: string) => screen.getByText(text, { selector: 'ion-button' }) as HTMLElement & { disabled?: boolean };

describe('the import dialog (docs/product.md#import)', { timeout: 30_000 }, () => {
  it('previews a chosen file: the counts, and a table of every row with its status and reasons in a labelled scrolling region', async () => {
    const route = importRoute({ body: PREVIEW });
    const { user, sent } = show({ 'POST /api/admin/import': route });
    const modal = document.querySelector('ion-modal.import-dialog');
    expect(modal).toHaveAttribute('aria-label', 'Import Data');
    const input = await fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.csv,.json,text/csv,application/json');
    await user.upload(input, FILE);

    expect(await screen.findByRole('heading', { level: 3, name: 'Preview: class.csv' })).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ dryRun: true, key: null });
    expect(sent()[0]?.file?.name).toBe('class.csv');

    const counts = screen.getByRole('status', { name: 'Counts' });
    expect(counts).toHaveTextContent('1 to create');
    expect(counts).toHaveTextContent('1 to update');
    expect(counts).toHaveTextContent('1 unchanged');
    expect(counts).toHaveTextContent('1 with errors');
    expect(screen.getByText(t(IMPORT_TEXTS.errorsStay))).toBeInTheDocument();

    const region = screen.getByRole('region', { name: 'Rows of the file' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Line', 'Email', 'Name', 'Role', 'Courses', 'Status', 'Reasons']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('2');
    expect(rows[0]).toHaveTextContent('Create');
    expect(rows[1]).toHaveTextContent('Name: "Rae Old" → "Rae New"');
    expect(rows[2]).toHaveTextContent('Unchanged');
    expect(
      within(rows[3]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email "not-an-email" is not a valid address.', 'Unknown course "Knitting".']);
    expect(ionButton('Import 2 rows').disabled).toBe(false);
  });

  it('imports with an idempotency key, shows what was done, and offers the one-time passwords once as a CSV file', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:passwords')), revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const route = importRoute({ body: PREVIEW });
    const { user, onClose, sent } = show({ 'POST /api/admin/import': route });
    await user.upload(await fileInput(), FILE);
    await user.click(await screen.findByText('Import 2 rows', { selector: 'ion-button' }));

    const heading = await screen.findByRole('heading', { level: 3, name: 'Import finished' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sent()[1]).toMatchObject({ dryRun: false });
    expect(sent()[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent()[1]?.file?.name).toBe('class.csv');
    expect(screen.getByRole('status', { name: 'Counts' })).toHaveTextContent('1 created');
    expect(screen.getByText(/1 account was created\. These one-time passwords will not be shown again\./)).toBeInTheDocument();

    // The backdrop cannot close the dialog while the passwords wait to be downloaded.
    expect((document.querySelector('ion-modal.import-dialog') as HTMLElement & { backdropDismiss?: boolean }).backdropDismiss).toBe(false);
    await user.click(ionButton(t(IMPORT_TEXTS.passwordsDownload)));
    expect(downloads).toEqual(['one-time-passwords.csv']);
    expect(await textOf(saved[0]!)).toBe('email,password\r\nnia@school.example,K7PM-3XQD-HW2N-9ZRC\r\n');
    expect(await screen.findByText('Saved as one-time-passwords.csv.')).toBeInTheDocument();
    await user.click(ionButton('Done'));
    expect(onClose).toHaveBeenCalled();
  });

  it('asks before "Done" closes the dialog when the passwords were not downloaded', async () => {
    const route = importRoute({ body: PREVIEW });
    const { user, onClose } = show({ 'POST /api/admin/import': route });
    await user.upload(await fileInput(), FILE);
    await user.click(await screen.findByText('Import 2 rows', { selector: 'ion-button' }));
    await screen.findByRole('heading', { level: 3, name: 'Import finished' });
    await user.click(ionButton('Done'));
    const alert = await findAlert();
    expect(alert).toHaveTextContent(t(IMPORT_TEXTS.leaveHeader));
    expect(alert).toHaveTextContent(t(IMPORT_TEXTS.leaveMessage));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Close anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it.each([
    [413, 'file_too_large', 'The file is larger than 2 MB. Split it into smaller files.', 'The file is larger than 2 MB. Split it into smaller files.'],
    [
      413,
      'too_many_rows',
      'The file holds 5,001 people; at most 5,000 can be imported at once. Split it into smaller files.',
      'The file holds more than 5,000 people; at most 5,000 can be imported at once. Split it into smaller files.',
    ],
    [400, 'bad_request', 'The CSV file could not be read (line 7): a quote is opened and never closed.', 'The CSV file could not be read (line 7): a quote is opened and never closed.'],
  ])(
    'shows the reason for a refused file (%i %s: its own words for a known code, else the server’s), keeps the file and checks it again on request',
    async (status, code, serverMessage, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      let calls = 0;
      const route = importRoute(() => (++calls === 1 ? { status, body: { error: { code, message: serverMessage } } } : { body: PREVIEW }));
      const { user, sent } = show({ 'POST /api/admin/import': route });
      const input = (await fileInput()) as HTMLInputElement;
      await user.upload(input, FILE);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(input.files?.[0]?.name).toBe('class.csv');
      expect(screen.queryByText(/^Import \d+ rows?$/, { selector: 'ion-button' })).not.toBeInTheDocument();
      await user.click(ionButton('Check the file again'));
      expect(await screen.findByRole('heading', { level: 3, name: 'Preview: class.csv' })).toBeInTheDocument();
      expect(sent().map((request) => request.file?.name)).toEqual(['class.csv', 'class.csv']);
    },
  );

  it('keeps the preview when the import does not get through, and sends the same key again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let applies = 0;
    const route = importRoute({ body: PREVIEW }, () => (++applies === 1 ? new TypeError('Failed to fetch') : { body: APPLIED }));
    const { user, sent } = show({ 'POST /api/admin/import': route });
    await user.upload(await fileInput(), FILE);
    await user.click(await screen.findByText('Import 2 rows', { selector: 'ion-button' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You appear to be offline. The file was not sent; try again when you are back online.');
    expect(screen.getByRole('heading', { level: 3, name: 'Preview: class.csv' })).toBeInTheDocument();
    await user.click(ionButton('Import 2 rows'));
    await screen.findByRole('heading', { level: 3, name: 'Import finished' });
    const keys = sent()
      .filter((request) => !request.dryRun)
      .map((request) => request.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('offers nothing to import when every row is unchanged or an error', async () => {
    const route = importRoute({ body: { ...PREVIEW, counts: { create: 0, update: 0, skip: 1, error: 1 }, rows: ROWS.slice(2) } });
    const { user } = show({ 'POST /api/admin/import': route });
    await user.upload(await fileInput(), FILE);
    expect(await screen.findByText(t(IMPORT_TEXTS.nothingToImport))).toBeInTheDocument();
    expect(ionButton('Import 0 rows').disabled).toBe(true);
  });

  it('says that a repeated import does not show its passwords again', async () => {
    const route = importRoute({ body: PREVIEW }, { body: { ...PREVIEW, dryRun: false, passwordsWithheld: 1 } });
    const { user } = show({ 'POST /api/admin/import': route });
    await user.upload(await fileInput(), FILE);
    await user.click(await screen.findByText('Import 2 rows', { selector: 'ion-button' }));
    expect(await screen.findByText(t(IMPORT_TEXTS.passwordsWithheld))).toBeInTheDocument();
    expect(screen.queryByText(t(IMPORT_TEXTS.passwordsDownload), { selector: 'ion-button' })).not.toBeInTheDocument();
  });
});
