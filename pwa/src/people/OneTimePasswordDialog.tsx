import { IonButton, IonContent, IonFooter, IonIcon, IonModal } from '@ionic/react';
import { copyOutline, warningOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { DialogTitleBar } from '../platform/ui/DialogParts';
import { TextField } from '../platform/ui/FormField';
import { useI18n, type MessageId } from '../platform/i18n';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import type { OneTimePasswordGrant } from './peopleApi';
import '../platform/ui/formFields.css';

/** Why the one-time password was made: a new account, or a password reset. */
export type OneTimePasswordReason = 'created' | 'reset';

/** The catalogue key of the dialog's title per reason. */
export const ONE_TIME_PASSWORD_TITLES: Record<OneTimePasswordReason, MessageId> = { created: 'admin.oneTimePassword.createdTitle', reset: 'admin.oneTimePassword.resetTitle' };

/** The catalogue key of the warning under the password (docs/product.md#one-time-passwords). */
export const ONE_TIME_PASSWORD_WARNING: MessageId = 'admin.oneTimePassword.warning';
/** The catalogue key of what the copy button's status line says after a copy. */
export const COPIED: MessageId = 'admin.oneTimePassword.copied';
/** The catalogue key of what it says when the browser refused the clipboard (an insecure origin, a denied permission). */
export const COPY_FAILED: MessageId = 'admin.oneTimePassword.copyFailed';

/** Props of {@link OneTimePasswordDialog}. */
export interface OneTimePasswordDialogProps {
  /** the user and their one-time password; null closes the dialog (the caller then forgets the password) */
  grant: OneTimePasswordGrant | null;
  reason: OneTimePasswordReason;
  /** called when the admin is done ("Done"); the dialog cannot be closed by the backdrop or Escape */
  onClose: () => void;
}

/**
 * Shows a one-time password once (docs/product.md#admin-made-accounts,
 * docs/product.md#password-reset, docs/product.md#one-time-passwords): "Account Created" or
 * "Password Reset", who it is for, the password in a labelled read-only field ("One-time
 * password", selected on focus), "Copy" (clipboard, with a status line), the warning that it will
 * not be shown again, and "Done". Only "Done" closes it, so that a stray tap on the backdrop does
 * not lose the password; the server never answers it again.
 */
export function OneTimePasswordDialog({ grant, reason, onClose }: OneTimePasswordDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const instance = useDialogInstance(grant ? t(ONE_TIME_PASSWORD_TITLES[reason]) : null);
  return (
    <IonModal key={instance.key} isOpen={grant !== null} backdropDismiss={false} onDidDismiss={onClose} className="otp-dialog" aria-label={instance.label}>
      {grant && <OneTimePasswordBody titleId={titleId} grant={grant} reason={reason} onDone={onClose} />}
    </IonModal>
  );
}

function OneTimePasswordBody(props: { titleId: string; grant: OneTimePasswordGrant; reason: OneTimePasswordReason; onDone: () => void }) {
  const { titleId, grant, reason, onDone } = props;
  const { t } = useI18n();
  const [copyStatus, setCopyStatus] = useState<MessageId | null>(null);
  const { name, email } = grant.user;

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard here');
      await navigator.clipboard.writeText(grant.oneTimePassword);
      setCopyStatus(COPIED);
    } catch (error) {
      console.warn('Could not copy the one-time password', error);
      setCopyStatus(COPY_FAILED);
    }
  };

  return (
    <>
      <DialogTitleBar id={titleId}>{t(ONE_TIME_PASSWORD_TITLES[reason])}</DialogTitleBar>
      <IonContent className="ion-padding">
        <p className="otp-intro">{reason === 'created' ? t('admin.oneTimePassword.createdIntro', { name, email }) : t('admin.oneTimePassword.resetIntro', { name, email })}</p>
        <TextField
          className="otp-value"
          label={t('admin.oneTimePassword.label')}
          value={grant.oneTimePassword}
          readOnly
          onFocus={(event) => {
            if (event.target instanceof HTMLInputElement) event.target.select();
          }}
        />
        <div className="otp-copy">
          <IonButton fill="outline" onClick={() => void copy()}>
            <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
            {t('admin.oneTimePassword.copy')}
          </IonButton>
          <p className="otp-copy__status" role="status">
            {copyStatus && t(copyStatus)}
          </p>
        </div>
        <p className="otp-warning">
          <IonIcon icon={warningOutline} aria-hidden="true" />
          <strong>{t(ONE_TIME_PASSWORD_WARNING)}</strong>
        </p>
      </IonContent>
      <IonFooter>
        <div className="dialog-actions">
          <IonButton onClick={onDone}>{t('common.done')}</IonButton>
        </div>
      </IonFooter>
    </>
  );
}
