import { IonButton, IonIcon, IonText } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { isOfflineFailure } from '../api/api';
import { useConnection } from '../api/serverStatus';
import { useI18n } from '../i18n';
import { PageLoading } from './PageLoading';
import './ScreenState.css';

/**
 * What a screen with nothing to show says while it cannot reach the server
 * (docs/product.md#offline-behaviour): "You're offline — this screen will load when you're back
 * online" while the browser is offline, otherwise "Oracy is unavailable — this screen will load
 * when it is back"; a neutral note with an icon, not an error, and "Retry" when `onRetry` is given.
 */
export function ScreenOffline({ onRetry }: { onRetry?: () => void }) {
  const { t } = useI18n();
  const connection = useConnection();
  return (
    <div className="screen-state screen-state--offline" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <p>{t(connection === 'offline' ? 'components.screenState.offline' : 'components.screenState.unavailable')}</p>
      {onRetry && (
        <IonButton fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </IonButton>
      )}
    </div>
  );
}

/** Props of {@link ScreenState}. */
export interface ScreenStateProps {
  loading: boolean;
  /**
   * the load's error; when set, `errorText` is shown (docs/product.md#error-messages's text for the
   * screen), or {@link ScreenOffline} when the server could not be reached ({@link isOfflineFailure})
   */
  error: unknown;
  /** true when the loaded value has nothing to show */
  empty: boolean;
  /** spinner label while loading, e.g. "Loading courses, please wait..." */
  loadingText?: string;
  /** docs/product.md#error-messages's error text for this screen */
  errorText: ReactNode;
  /** the empty state's text (spec), e.g. "No notices available." */
  emptyText: ReactNode;
  /** when given, the error state has a "Retry" button calling it */
  onRetry?: () => void;
  /** a custom loading view (e.g. the 6 skeleton cards of docs/product.md#your-enrolled-courses) */
  loadingView?: ReactNode;
  /** the loaded state */
  children: ReactNode;
}

/**
 * The four states of a data screen (docs/product.md#screen-data): loading, error
 * (with an optional Retry), empty and loaded. An error that only means the server could not be
 * reached shows {@link ScreenOffline} instead of the error text (docs/product.md#offline-behaviour);
 * the screen's resource loads again by itself when the connection returns. A screen that already
 * shows data while it reloads passes `loading` false so the data stays visible.
 */
export function ScreenState(props: ScreenStateProps) {
  const { t } = useI18n();
  if (props.loading) return <>{props.loadingView ?? <PageLoading label={props.loadingText} />}</>;
  if (isOfflineFailure(props.error)) return <ScreenOffline onRetry={props.onRetry} />;
  if (props.error !== undefined && props.error !== null) {
    return (
      <div className="screen-state screen-state--error" role="alert">
        <IonText color="danger">
          <p>{props.errorText}</p>
        </IonText>
        {props.onRetry && (
          <IonButton fill="outline" onClick={props.onRetry}>
            {t('common.retry')}
          </IonButton>
        )}
      </div>
    );
  }
  if (props.empty) {
    return (
      <div className="screen-state screen-state--empty" role="status">
        {typeof props.emptyText === 'string' ? <p>{props.emptyText}</p> : props.emptyText}
      </div>
    );
  }
  return <>{props.children}</>;
}
