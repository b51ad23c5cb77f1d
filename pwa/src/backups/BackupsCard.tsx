import { IonButton, IonCard, IonCardContent, IonCardHeader, IonSpinner } from '@ionic/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { archiveUrl, BACKUP_POLL_MS, fetchBackups, formatSize, isBackupRunning, startBackup, type BackupRun, type BackupStatus } from './backupsApi';
import { SelectField } from '../platform/ui/FormField';
import { useToast } from '../platform/ui/useToast';
import { t as translate, useI18n, type MessageId } from '../platform/i18n';
import '../platform/ui/admin.css';
import './BackupsCard.css';
import { formatDate } from '../platform/i18n/dates';

/** The catalogue keys of the card's texts (docs/product.md#settings). */
export const BACKUP_TEXTS = {
  heading: 'admin.settings.dataBackup',
  frequency: 'admin.settings.backupFrequency',
  label: 'admin.backups.label',
  lastHeading: 'admin.backups.lastHeading',
  never: 'admin.backups.never',
  scheduled: 'admin.backups.scheduled',
  unscheduled: 'admin.backups.unscheduled',
  backUpNow: 'admin.backups.backUpNow',
  manual: 'admin.backups.manual',
  running: 'admin.backups.running',
  finished: 'admin.backups.finished',
  finishedFailed: 'admin.backups.finishedFailed',
  startFailed: 'admin.backups.startFailed',
  archivesHeading: 'admin.backups.archivesHeading',
  noArchives: 'admin.backups.noArchives',
  download: 'admin.backups.download',
  loading: 'admin.backups.loading',
  loadFailed: 'admin.backups.loadFailed',
  external: 'admin.backups.external',
  externalFrequency: 'admin.backups.externalFrequency',
} as const satisfies Record<string, MessageId>;

/** The catalogue keys of the Backup Frequency choices' labels (the settings' `BACKUP_FREQUENCIES`): the values stored stay English. */
const FREQUENCY_LABELS: Readonly<Record<string, MessageId>> = {
  Daily: 'admin.settings.frequency.Daily',
  Weekly: 'admin.settings.frequency.Weekly',
  Monthly: 'admin.settings.frequency.Monthly',
};

/** A time for people in the active language, the app's `dateTime` kind ("28 Nov 2026, 03:00 AM" in English). */
export function backupTime(iso: string): string {
  return formatDate(iso, 'dateTime');
}

/**
 * The backups' status for the card: loads it, asks again every `pollMs` while a backup runs, and
 * starts one. `onFinished` is told the outcome of a backup this card saw running.
 */
function useBackups(onFinished: (last: BackupRun | null) => void, pollMs: number) {
  const [status, setStatus] = useState<BackupStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** A backup was seen running: its end is announced. */
  const watching = useRef(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const receive = useCallback((next: BackupStatus) => {
    if (next.running) watching.current = true;
    else if (watching.current) {
      watching.current = false;
      finished.current(next.last);
    }
    setStatus(next);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchBackups(controller.signal).then(receive, (err: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Could not load the backups', err);
      setFailed(true);
    });
    return () => controller.abort();
  }, [attempt, receive]);

  const running = status?.running ?? false;
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // A failed look is tried again at the next tick: the backup goes on meanwhile.
      fetchBackups(controller.signal).then(receive, (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not look at the running backup', err);
        setStatus((current) => (current ? { ...current } : current));
      });
    }, pollMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [running, status, receive, pollMs]);

  const start = useCallback(async () => {
    setStarting(true);
    try {
      await startBackup();
      watching.current = true;
      setStatus((current) => (current ? { ...current, running: true } : current));
    } catch (err) {
      if (!isBackupRunning(err)) throw err;
      watching.current = true;
      setStatus((current) => (current ? { ...current, running: true } : current));
    } finally {
      setStarting(false);
    }
  }, []);

  return { status, failed, starting, start, retry: () => setAttempt((n) => n + 1) };
}

/** Props of {@link BackupsCard}. */
export interface BackupsCardProps {
  /** the Backup Frequency choices, as stored (docs/product.md#constants-and-limits) */
  frequencies: readonly string[];
  /** the Backup Frequency being edited on the settings screen */
  frequency: string;
  /** told the chosen frequency; the settings screen saves it with "Save All Changes" */
  onFrequencyChange: (frequency: string) => void;
  /** the saved Backup Frequency: when it changes, the next scheduled backup is read again */
  savedFrequency?: string | undefined;
  /** how often to ask again while a backup runs, ms; default `BACKUP_POLL_MS` (2 s) */
  pollMs?: number;
}

/**
 * The "Data & Backup" card of the settings screen (docs/product.md#settings): the Backup Frequency
 * select, then the backups (`GET /api/admin/backups`) — the last backup (time, size, result, a
 * failure with its message, who started it), the next scheduled one, "Back up now" (a spinner and
 * "Backing up…" while it runs, asking again every 2 s until it is done; toasts "Backup finished",
 * "Backup failed", "Failed to start the backup"), and the kept archives, newest first, each with
 * a download link. Loading, error (with Retry) and empty states. With `MONGODB_URI` (`external`)
 * the frequency select is disabled and the card says backups are MongoDB's job (README,
 * "Backups"). Phone (360 px) and tablet widths: rows wrap (docs/product.md#backups-on-the-settings-screen).
 */
export default function BackupsCard({ frequencies, frequency, onFrequencyChange, savedFrequency, pollMs = BACKUP_POLL_MS }: BackupsCardProps) {
  const { t } = useI18n();
  const toast = useToast();
  // The toast is worded when the backup ends, in the language shown then.
  const announce = useCallback((last: BackupRun | null) => (last && !last.ok ? toast(translate(BACKUP_TEXTS.finishedFailed), 'danger') : toast(translate(BACKUP_TEXTS.finished))), [toast]);
  const backups = useBackups(announce, pollMs);
  const { status } = backups;
  const external = status?.mode === 'external';

  // a saved frequency moves the next scheduled backup.
  const { retry } = backups;
  const firstSaved = useRef(savedFrequency);
  useEffect(() => {
    if (savedFrequency === firstSaved.current) return;
    firstSaved.current = savedFrequency;
    retry();
  }, [savedFrequency, retry]);

  const backUpNow = async () => {
    try {
      await backups.start();
    } catch (err) {
      console.error('Failed to start the backup', err);
      toast(t(BACKUP_TEXTS.startFailed), 'danger');
    }
  };

  return (
    <IonCard className="backups-card">
      <IonCardHeader>
        <h2 className="admin-subtitle">{t(BACKUP_TEXTS.heading)}</h2>
      </IonCardHeader>
      <IonCardContent>
        <SelectField
          label={t(BACKUP_TEXTS.frequency)}
          value={frequency}
          options={frequencies.map((option) => ({ value: option, label: FREQUENCY_LABELS[option] ? t(FREQUENCY_LABELS[option]) : option }))}
          disabled={external}
          helper={external ? t(BACKUP_TEXTS.externalFrequency) : undefined}
          onChange={onFrequencyChange}
        />
        <section className="backups" aria-label={t(BACKUP_TEXTS.label)}>
          {status ? (
            external ? (
              <p className="backups-note">{t(BACKUP_TEXTS.external)}</p>
            ) : (
              <BackupsBody status={status} starting={backups.starting} onBackUpNow={() => void backUpNow()} />
            )
          ) : backups.failed ? (
            <div className="backups-row">
              <p className="backups-error">{t(BACKUP_TEXTS.loadFailed)}</p>
              <IonButton fill="outline" size="small" onClick={backups.retry}>
                {t('common.retry')}
              </IonButton>
            </div>
          ) : (
            <IonSpinner name="crescent" role="status" aria-label={t(BACKUP_TEXTS.loading)} />
          )}
        </section>
      </IonCardContent>
    </IonCard>
  );
}

/** The backups of a server on the embedded database: last, next, "Back up now" and the kept archives. */
function BackupsBody({ status, starting, onBackUpNow }: { status: BackupStatus; starting: boolean; onBackUpNow: () => void }) {
  const { t } = useI18n();
  const when = (iso: string) => backupTime(iso);
  const busy = status.running || starting;
  return (
    <>
      <h3 className="backups-heading">{t(BACKUP_TEXTS.lastHeading)}</h3>
      <LastBackup last={status.last} />
      <p className="backups-next">{status.nextRunAt ? t('admin.backups.next', { time: when(status.nextRunAt) }) : t(BACKUP_TEXTS.unscheduled)}</p>
      <div className="backups-row">
        <IonButton disabled={busy} onClick={onBackUpNow}>
          {t(BACKUP_TEXTS.backUpNow)}
        </IonButton>
        <span aria-live="polite" className="backups-progress">
          {status.running ? (
            <>
              <IonSpinner name="crescent" role="status" aria-label={t(BACKUP_TEXTS.running)} />
              <span>{t(BACKUP_TEXTS.running)}</span>
            </>
          ) : null}
        </span>
      </div>
      <h3 className="backups-heading" id="kept-backups">
        {t(BACKUP_TEXTS.archivesHeading)}
      </h3>
      {status.archives.length === 0 ? (
        <p className="backups-note">{t(BACKUP_TEXTS.noArchives)}</p>
      ) : (
        <ul className="backups-archives" aria-labelledby="kept-backups">
          {status.archives.map((archive) => (
            <li key={archive.name} className="backups-archive">
              <span className="backups-archive__text">
                <span className="backups-archive__time">{when(archive.createdAt)}</span>
                <span className="backups-archive__size">{formatSize(archive.size)}</span>
              </span>
              {/* A plain link: the browser downloads the attachment with the session cookie, and the label reaches screen readers as written. */}
              <a
                className="backups-download"
                href={archiveUrl(archive.name)}
                download={archive.name}
                aria-label={t('admin.backups.downloadLabel', { time: when(archive.createdAt), size: formatSize(archive.size) })}
              >
                {t(BACKUP_TEXTS.download)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The latest finished backup: time, size and result, a failure with its message, who started it. */
function LastBackup({ last }: { last: BackupRun | null }) {
  const { t } = useI18n();
  if (!last) return <p className="backups-note">{t(BACKUP_TEXTS.never)}</p>;
  const who = last.trigger === 'schedule' ? t(BACKUP_TEXTS.scheduled) : last.by ? t('admin.backups.manualBy', { name: last.by.name }) : t(BACKUP_TEXTS.manual);
  return (
    <div className="backups-last">
      <p className="backups-last__time">{backupTime(last.finishedAt)}</p>
      <p className={last.ok ? 'backups-result backups-result--ok' : 'backups-result backups-result--failed'}>
        {last.ok ? t('admin.backups.succeeded', { size: formatSize(last.size ?? 0) }) : t('admin.backups.failed', { error: last.error ?? '' })}
      </p>
      <p className="backups-last__who">{who}</p>
    </div>
  );
}
