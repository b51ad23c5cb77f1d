import { IonSpinner } from '@ionic/react';
import { useI18n } from '../i18n';
import './PageLoading.css';

/** Props of {@link PageLoading}. */
export interface PageLoadingProps {
  /** The text beside the spinner; also what screen readers announce. "Loading..." (`common.loading`) by default. */
  label?: string;
}

/**
 * A centred spinner with a polite live label, for a screen or a part of one
 * that is loading (a lazy chunk, the current user).
 */
export function PageLoading({ label }: PageLoadingProps) {
  const { t } = useI18n();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <IonSpinner name="crescent" color="primary" aria-hidden="true" />
      <p>{label ?? t('common.loading')}</p>
    </div>
  );
}
