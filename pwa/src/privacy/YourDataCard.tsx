import { IonButton, IonCard, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../platform/api/errorMessage';
import { useI18n } from '../platform/i18n';
import { EXPORT_INTERVAL_MS, EXPORT_POLL_MS, exportUrl, fetchExports, isExportLimited, sizeUnit, startExport, type PrivacyExport } from './privacyExportsApi';
import './YourDataCard.css';
import { formatDate } from '../platform/i18n/dates';

/** Props of {@link YourDataCard}. */
export interface YourDataCardProps {
  /** further sections of the card, after the exports (e.g. who looked at the person's data) */
  children?: ReactNode;
  /** how often to ask again while an export is pending, ms; default `EXPORT_POLL_MS` (3 s) */
  pollMs?: number;
}

/** A date and time as the product shows them. */
const when = (iso: string) => formatDate(iso, 'dateTime');

/**
 * The signed-in person's exports (docs/product.md#download-my-data): the list (null while loading),
 * asked for again every `pollMs` ms while one is pending; `start` asks for a new one and sets
 * `problem` when refused (a second within a day: when the next may be asked for).
 */
function useExports(pollMs: number) {
  const { t } = useI18n();
  const [exports, setExports] = useState<PrivacyExport[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback((signal: AbortSignal) => fetchExports(signal), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoadFailed(false);
    load(controller.signal).then(setExports, (err: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Could not load the exports', err);
      setLoadFailed(true);
    });
    return () => controller.abort();
  }, [attempt, load]);

  const pending = exports?.some((e) => e.status === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // A failed look is tried again at the next tick: the export goes on meanwhile.
      load(controller.signal).then(setExports, (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not look at the pending export', err);
        setExports((current) => (current ? [...current] : current));
      });
    }, pollMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [pending, exports, load, pollMs]);

  const start = async () => {
    setStarting(true);
    setProblem(null);
    try {
      const started = await startExport();
      const now = new Date().toISOString();
      setExports((current) => [{ id: started.id, status: 'pending', createdAt: now, expiresAt: now, size: null }, ...(current ?? [])]);
      setAttempt((n) => n + 1);
    } catch (err) {
      if (isExportLimited(err)) {
        const latest = exports?.find((e) => e.status !== 'failed');
        const next = latest ? new Date(new Date(latest.createdAt).getTime() + EXPORT_INTERVAL_MS).toISOString() : null;
        setProblem(next ? t('yourData.limited', { time: when(next) }) : t('yourData.limitedNoTime'));
      } else {
        setProblem(errorMessage(err));
      }
    } finally {
      setStarting(false);
    }
  };

  return { exports, loadFailed, retry: () => setAttempt((n) => n + 1), starting, problem, pending, start };
}

/** One export in the list: pending (a spinner), failed, or ready (a download link with its size and expiry). */
function ExportRow({ item }: { item: PrivacyExport }) {
  const { t, intl } = useI18n();
  const size = (bytes: number) => {
    const [value, unit] = sizeUnit(bytes);
    return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 });
  };
  const asked = t('yourData.asked', { time: when(item.createdAt) });
  if (item.status === 'pending') {
    return (
      <IonItem lines="full">
        <IonSpinner slot="start" name="crescent" aria-hidden="true" />
        <IonLabel>
          <p className="your-data__status" role="status">
            {t('yourData.pending')}
          </p>
          <p>{asked}</p>
        </IonLabel>
      </IonItem>
    );
  }
  if (item.status === 'failed') {
    return (
      <IonItem lines="full">
        <IonLabel>
          <p className="your-data__status your-data__status--failed">{t('yourData.failed')}</p>
          <p>{asked}</p>
        </IonLabel>
      </IonItem>
    );
  }
  return (
    <IonItem lines="full">
      <IonLabel className="ion-text-wrap">
        <p>
          <a href={exportUrl(item.id)} download aria-label={t('yourData.downloadLabel', { time: when(item.createdAt), size: size(item.size ?? 0) })}>
            {t('yourData.download', { size: size(item.size ?? 0) })}
          </a>
        </p>
        <p>{asked}</p>
        <p>{t('yourData.expires', { time: when(item.expiresAt) })}</p>
      </IonLabel>
    </IonItem>
  );
}

/**
 * The profile screens' "Your data" card (docs/product.md#privacy, docs/product.md#download-my-data):
 * the privacy notice's summary and link, "Download my data" and the person's exports. Further
 * sections go in as `children`.
 */
export function YourDataCard({ children, pollMs = EXPORT_POLL_MS }: YourDataCardProps) {
  const { t } = useI18n();
  const { exports, loadFailed, retry, starting, problem, pending, start } = useExports(pollMs);

  return (
    <IonCard className="profile-card your-data">
      <h2 className="panel__title" id="your-data-title">
        {t('privacy.card.title')}
      </h2>
      <p>{t('privacy.card.text')}</p>
      <p>
        <Link to="/privacy" className="your-data__privacy">
          {t('privacy.card.link')}
        </Link>
      </p>

      <h3 className="your-data__heading">{t('yourData.exportsTitle')}</h3>
      <p>{t('yourData.intro')}</p>
      <IonButton onClick={() => void start()} disabled={starting || pending}>
        {starting ? <IonSpinner name="crescent" aria-hidden="true" /> : null}
        {t('yourData.start')}
      </IonButton>
      {problem ? (
        <p className="your-data__problem" role="alert">
          {problem}
        </p>
      ) : null}

      {loadFailed ? (
        <div role="alert">
          <p>{t('yourData.loadFailed')}</p>
          <IonButton fill="outline" size="small" onClick={retry}>
            {t('common.retry')}
          </IonButton>
        </div>
      ) : exports === null ? (
        <p className="your-data__loading">
          <IonSpinner name="crescent" aria-hidden="true" /> {t('yourData.loading')}
        </p>
      ) : exports.length === 0 ? (
        <p>{t('yourData.none')}</p>
      ) : (
        <IonList aria-label={t('yourData.listLabel')}>
          {exports.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </IonList>
      )}
      {children}
    </IonCard>
  );
}
