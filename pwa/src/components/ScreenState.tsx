import { IonButton, IonText } from '@ionic/react';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { PageLoading } from './PageLoading';

/** Props of {@link ScreenState}. */
export interface ScreenStateProps {
  loading: boolean;
  /** the load's error; when set, `errorText` is shown (docs/product.md#error-messages's text for the screen) */
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
 * (with an optional Retry), empty and loaded. A screen that already shows
 * data while it reloads passes `loading` false so the data stays visible.
 */
export function ScreenState(props: ScreenStateProps) {
  const { t } = useI18n();
  if (props.loading) return <>{props.loadingView ?? <PageLoading label={props.loadingText} />}</>;
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
