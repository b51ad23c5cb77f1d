import { IonSpinner } from '@ionic/react';
import './PageLoading.css';

/** Props of {@link PageLoading}. */
export interface PageLoadingProps {
  /** The text beside the spinner; also what screen readers announce. */
  label?: string;
}

/**
 * A centred spinner with a polite live label, for a screen or a part of one
 * that is loading (a lazy chunk, the current user).
 */
export function PageLoading({ label = 'Loading...' }: PageLoadingProps) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <IonSpinner name="crescent" color="primary" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
