import { IonAlert, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { useState } from 'react';
import { t, useI18n } from '../i18n';
import { promptInstall, useInstallOffer } from './installPrompt';

/** The how-to shown on iOS Safari, which has no install prompt, in the active language. */
export function iosInstallHelp(): string {
  return t('offline.iosInstallHelp');
}

/**
 * The menu's "Install app" item: shown when the browser offers to
 * install the app (it then opens the browser's prompt) and on iOS Safari
 * (it then explains Share → Add to Home Screen); absent otherwise and once
 * the app runs installed. Styled like the menu's other entries.
 */
export function InstallAppItem({ onSelect }: { onSelect?: () => void }) {
  const { t: translate } = useI18n();
  const offer = useInstallOffer();
  const [helpOpen, setHelpOpen] = useState(false);
  if (offer === null && !helpOpen) return null;

  const choose = () => {
    onSelect?.();
    if (offer === 'ios') setHelpOpen(true);
    else promptInstall().catch((error: unknown) => console.error('The install prompt failed', error));
  };

  return (
    <>
      {offer !== null && (
        <button type="button" className="app-nav__link" onClick={choose}>
          <IonIcon icon={downloadOutline} aria-hidden="true" />
          <span>{translate('offline.installApp')}</span>
        </button>
      )}
      <IonAlert isOpen={helpOpen} header={translate('offline.installOracy')} message={iosInstallHelp()} buttons={[translate('common.ok')]} onDidDismiss={() => setHelpOpen(false)} />
    </>
  );
}
