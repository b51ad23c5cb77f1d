import { IonButton, IonContent, IonFooter, IonIcon, IonModal, IonSpinner } from '@ionic/react';
import { downloadOutline, warningOutline } from 'ionicons/icons';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { DialogTitleBar } from '../platform/ui/DialogParts';
import { FileField } from '../platform/ui/FormField';
import { newIdempotencyKey } from '../platform/offline/outbox';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import { ACCEPTED_FILES, PASSWORDS_FILE_NAME, applyImport, importFailureMessage, passwordsCsv, previewImport, type ImportResult, type ImportRow, type ImportStatus } from './importApi';
import { saveBlob } from '../platform/ui/saveBlob';
import { useConfirm } from '../platform/ui/useConfirm';
import { useI18n, type MessageId } from '../platform/i18n';
import '../platform/ui/formFields.css';
import '../platform/ui/admin.css';
import './ImportDialog.css';

/** The catalogue key of the dialog's title (docs/product.md#import). */
export const IMPORT_TITLE = 'admin.settings.importData' satisfies MessageId;

/** The catalogue keys of the dialog's texts (docs/product.md#import). */
export const IMPORT_TEXTS = {
  intro: 'admin.import.intro',
  fileLabel: 'admin.import.fileLabel',
  checking: 'admin.import.checking',
  importing: 'admin.import.importing',
  resultHeading: 'admin.import.resultHeading',
  nothingToImport: 'admin.import.nothingToImport',
  errorsStay: 'admin.import.errorsStay',
  tableLabel: 'admin.import.tableLabel',
  passwordsWarning: 'admin.import.passwordsWarning',
  passwordsDownload: 'admin.import.passwordsDownload',
  passwordsWithheld: 'admin.import.passwordsWithheld',
  leaveHeader: 'admin.import.leaveHeader',
  leaveMessage: 'admin.import.leaveMessage',
} as const satisfies Record<string, MessageId>;

/** The catalogue keys of how each status is shown, and of the counts' words (docs/product.md#import). */
export const STATUS_LABELS: Record<ImportStatus, MessageId> = {
  create: 'admin.import.status.create',
  update: 'admin.import.status.update',
  skip: 'admin.import.status.skip',
  error: 'admin.import.status.error',
};
const PREVIEW_COUNTS: Record<ImportStatus, MessageId> = {
  create: 'admin.import.preview.create',
  update: 'admin.import.preview.update',
  skip: 'admin.import.preview.skip',
  error: 'admin.import.preview.error',
};
const RESULT_COUNTS: Record<ImportStatus, MessageId> = {
  create: 'admin.import.result.create',
  update: 'admin.import.result.update',
  skip: 'admin.import.result.skip',
  error: 'admin.import.result.error',
};
const STATUSES: readonly ImportStatus[] = ['create', 'update', 'skip', 'error'];

/** Props of {@link ImportDialog}. */
export interface ImportDialogProps {
  isOpen: boolean;
  /** called when the dialog has closed */
  onClose: () => void;
}

/**
 * "Import Data" (docs/product.md#import): choose a CSV or JSON file, see the preview, import it with
 * one idempotency key per chosen file, and download the new accounts' one-time passwords once; the
 * dialog does not close by the backdrop or Escape while they are unsaved.
 */
export function ImportDialog({ isOpen, onClose }: ImportDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const instance = useDialogInstance(isOpen ? t(IMPORT_TITLE) : null);
  const [guarded, setGuarded] = useState(false);
  return (
    <IonModal key={instance.key} isOpen={isOpen} backdropDismiss={!guarded} onDidDismiss={onClose} className="import-dialog" aria-label={instance.label}>
      {isOpen && <ImportBody titleId={titleId} onGuard={setGuarded} onDone={onClose} />}
    </IonModal>
  );
}

/** Where the dialog is. */
type Stage =
  | { kind: 'empty' }
  | { kind: 'checking' }
  | { kind: 'unreadable'; message: string }
  | { kind: 'preview'; result: ImportResult; failure?: string }
  | { kind: 'importing'; result: ImportResult }
  | { kind: 'done'; result: ImportResult };

/**
 * The import's state (docs/product.md#import): the chosen file and its idempotency key, the stage,
 * whether the passwords were downloaded; the dialog is guarded (`onGuard(true)`) while busy or while
 * passwords are unsaved. `check` previews, `apply` imports, `done` asks before leaving unsaved passwords.
 */
function useImportFlow(onGuard: (guarded: boolean) => void, onDone: () => void) {
  const { t } = useI18n();
  const confirm = useConfirm();
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState('');
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [downloaded, setDownloaded] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const preview = useRef<AbortController | null>(null);

  const passwords = stage.kind === 'done' ? (stage.result.passwords ?? []) : [];
  const unsavedPasswords = passwords.length > 0 && !downloaded;
  const busy = stage.kind === 'checking' || stage.kind === 'importing';
  useEffect(() => onGuard(unsavedPasswords || busy), [unsavedPasswords, busy, onGuard]);
  useEffect(
    () => () => {
      preview.current?.abort();
      onGuard(false);
    },
    [onGuard],
  );
  useEffect(() => {
    if (stage.kind === 'done') resultHeading.current?.focus();
  }, [stage.kind]);

  const check = async (chosen: File) => {
    preview.current?.abort();
    const controller = new AbortController();
    preview.current = controller;
    setStage({ kind: 'checking' });
    try {
      const result = await previewImport(chosen, controller.signal);
      if (!controller.signal.aborted) setStage({ kind: 'preview', result });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('The import preview failed', error);
      setStage({ kind: 'unreadable', message: importFailureMessage(error) });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    setFile(chosen);
    // A new file is a new import: a key of its own.
    setKey(newIdempotencyKey());
    setDownloaded(false);
    void check(chosen);
  };

  const apply = async (result: ImportResult) => {
    if (!file) return;
    setStage({ kind: 'importing', result });
    try {
      setStage({ kind: 'done', result: await applyImport(file, key) });
    } catch (error) {
      console.error('The import failed', error);
      // The preview stays; "Import" again sends the same key, so nothing is applied twice.
      setStage({ kind: 'preview', result, failure: importFailureMessage(error) });
    }
  };

  const download = () => {
    saveBlob(passwordsCsv(passwords), PASSWORDS_FILE_NAME);
    setDownloaded(true);
  };

  const done = () => {
    if (!unsavedPasswords) return onDone();
    confirm({ header: t(IMPORT_TEXTS.leaveHeader), message: t(IMPORT_TEXTS.leaveMessage), confirmText: t('admin.import.closeAnyway'), onConfirm: onDone });
  };

  const shown = stage.kind === 'preview' || stage.kind === 'importing' || stage.kind === 'done' ? stage.result : null;
  const changes = shown ? shown.counts.create + shown.counts.update : 0;
  return { file, stage, downloaded, passwords, busy, shown, changes, resultHeading, check, choose, apply, download, done };
}

type ImportFlow = ReturnType<typeof useImportFlow>;

/** The dialog's body: the file chooser, progress, failures, the preview or the result, and the actions. */
function ImportBody(props: { titleId: string; onGuard: (guarded: boolean) => void; onDone: () => void }) {
  const { titleId, onGuard, onDone } = props;
  const { t } = useI18n();
  const flow = useImportFlow(onGuard, onDone);
  const { file, stage, busy, shown, changes, check, choose } = flow;
  return (
    <>
      <DialogTitleBar id={titleId}>{t(IMPORT_TITLE)}</DialogTitleBar>
      <IonContent className="ion-padding">
        <p className="import-intro">{t(IMPORT_TEXTS.intro)}</p>
        {stage.kind !== 'done' && <FileField label={t(IMPORT_TEXTS.fileLabel)} accept={ACCEPTED_FILES} disabled={busy} onChange={choose} />}
        {stage.kind === 'checking' && <Busy text={t(IMPORT_TEXTS.checking)} />}
        {stage.kind === 'importing' && <Busy text={t(IMPORT_TEXTS.importing)} />}
        {stage.kind === 'unreadable' && (
          <div className="import-failure">
            <p className="form-banner" role="alert">
              {stage.message}
            </p>
            {file && (
              <IonButton fill="outline" onClick={() => void check(file)}>
                {t('admin.import.checkAgain')}
              </IonButton>
            )}
          </div>
        )}
        {stage.kind === 'preview' && stage.failure && (
          <p className="form-banner" role="alert">
            {stage.failure}
          </p>
        )}
        {shown && stage.kind !== 'done' && (
          <section aria-labelledby={`${titleId}-preview`}>
            <h3 id={`${titleId}-preview`} className="import-heading">
              {t('admin.import.previewHeading', { file: file?.name ?? '' })}
            </h3>
            <Counts result={shown} words={PREVIEW_COUNTS} />
            {changes === 0 && <p className="import-note">{t(IMPORT_TEXTS.nothingToImport)}</p>}
            {changes > 0 && shown.counts.error > 0 && <p className="import-note">{t(IMPORT_TEXTS.errorsStay)}</p>}
            <RowsTable rows={shown.rows} caption={t('admin.import.previewCaption', { file: file?.name ?? '' })} />
          </section>
        )}
        {stage.kind === 'done' && <ImportResultSection titleId={titleId} flow={flow} result={stage.result} />}
      </IonContent>
      <ImportActions flow={flow} onDone={onDone} />
    </>
  );
}

/** What the import did: the counts, the one-time passwords' download when accounts were made, and the rows. */
function ImportResultSection({ titleId, flow, result }: { titleId: string; flow: ImportFlow; result: ImportResult }) {
  const { t } = useI18n();
  const { file, passwords, downloaded, resultHeading, download } = flow;
  return (
    <section aria-labelledby={`${titleId}-result`}>
      <h3 id={`${titleId}-result`} ref={resultHeading} tabIndex={-1} className="import-heading">
        {t(IMPORT_TEXTS.resultHeading)}
      </h3>
      <Counts result={result} words={RESULT_COUNTS} />
      {passwords.length > 0 && (
        <div className="import-passwords">
          <p className="otp-warning">
            <IonIcon icon={warningOutline} aria-hidden="true" />
            <strong>
              {t('admin.import.accountsCreated', { count: passwords.length })} {t(IMPORT_TEXTS.passwordsWarning)}
            </strong>
          </p>
          <IonButton onClick={download}>
            <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
            {t(IMPORT_TEXTS.passwordsDownload)}
          </IonButton>
          <p className="import-note" role="status">
            {downloaded ? t('admin.import.passwordsDownloaded', { file: PASSWORDS_FILE_NAME }) : ''}
          </p>
        </div>
      )}
      {(result.passwordsWithheld ?? 0) > 0 && <p className="import-note">{t(IMPORT_TEXTS.passwordsWithheld)}</p>}
      <RowsTable rows={result.rows} caption={t('admin.import.resultCaption', { file: file?.name ?? '' })} />
    </section>
  );
}

/** The footer: Done once imported, otherwise Cancel and "Import N rows". */
function ImportActions({ flow, onDone }: { flow: ImportFlow; onDone: () => void }) {
  const { t } = useI18n();
  const { stage, busy, shown, changes, apply, done } = flow;
  return (
    <IonFooter>
      <div className="dialog-actions">
        {stage.kind === 'done' ? (
          <IonButton onClick={done}>{t('common.done')}</IonButton>
        ) : (
          <>
            <IonButton fill="outline" onClick={onDone} disabled={stage.kind === 'importing'}>
              {t('common.cancel')}
            </IonButton>
            {shown && (
              <IonButton onClick={() => void apply(shown)} disabled={busy || changes === 0}>
                {stage.kind === 'importing' ? t(IMPORT_TEXTS.importing) : t('admin.import.importRows', { count: changes })}
              </IonButton>
            )}
          </>
        )}
      </div>
    </IonFooter>
  );
}

/** A spinner with its words, announced politely. */
function Busy({ text }: { text: string }) {
  return (
    <p className="import-busy" role="status">
      <IonSpinner name="crescent" aria-hidden="true" />
      {text}
    </p>
  );
}

/** The counts per status as a list, announced when they change (the live region wraps the list, which stays a list). */
function Counts({ result, words }: { result: ImportResult; words: Record<ImportStatus, MessageId> }) {
  const { t, intl } = useI18n();
  return (
    <div role="status" aria-label={t('admin.import.counts')}>
      <ul className="import-counts">
        {STATUSES.map((status) => (
          <li key={status} className={`import-count import-count--${status}`}>
            <strong>{intl.formatNumber(result.counts[status])}</strong> {t(words[status], { count: result.counts[status] })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The rows of the file in a table that scrolls inside a focusable, labelled region, so that a
 * phone's screen and a keyboard can reach every column.
 */
function RowsTable({ rows, caption }: { rows: readonly ImportRow[]; caption: string }) {
  const { t } = useI18n();
  return (
    <div className="import-table__scroll" role="region" aria-label={t(IMPORT_TEXTS.tableLabel)} tabIndex={0}>
      <table className="import-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.import.column.line')}</th>
            <th scope="col">{t('admin.people.email')}</th>
            <th scope="col">{t('admin.people.name')}</th>
            <th scope="col">{t('admin.users.role')}</th>
            <th scope="col">{t('admin.import.column.courses')}</th>
            <th scope="col">{t('admin.import.column.status')}</th>
            <th scope="col">{t('admin.import.column.reasons')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} className={`import-row import-row--${row.status}`}>
              <th scope="row">{row.row}</th>
              <td className="import-email">{row.email}</td>
              <td>{`${row.firstName} ${row.lastName}`.trim()}</td>
              {/* the role as the file names it (`student`, `teacher`), like its email and courses */}
              <td>{row.role}</td>
              <td>{row.courses.join('; ')}</td>
              <td>
                <span className={`import-status import-status--${row.status}`}>{t(STATUS_LABELS[row.status])}</span>
              </td>
              <td>
                {row.reasons.length > 0 && (
                  <ul className="import-reasons">
                    {row.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
