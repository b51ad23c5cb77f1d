import { IonAlert, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { useState } from 'react';
import { promptInstall, useInstallOffer } from './installPrompt';

/** The how-to shown on iOS Safari, which has no install prompt . */
export const IOS_INSTALL_HELP = 'Tap the Share button in Safari, then choose "Add to Home Screen".';

/**
 * The menu's "Install app" item: shown when the browser offers to
 * install the app (it then opens the browser's prompt) and on iOS Safari
 * (it then explains Share → Add to Home Screen); absent otherwise and once
 * the app runs installed. Styled like the menu's other entries.
 */
export function InstallAppItem({ onSelect }: { onSelect?: () => void }) {
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
          <span>Install app</span>
        </button>
      )}
      <IonAlert
        isOpen={helpOpen}
        header="Install Oracy"
        message={IOS_INSTALL_HELP}
        buttons={['OK']}
        onDidDismiss={() => setHelpOpen(false)}
      />
    </>
  );
}
