import { IonCard } from '@ionic/react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';

/**
 * The profile screens' "Your data" card (docs/product.md#privacy): a line on what the privacy
 * notice says, and a link to it at /privacy.
 */
export function PrivacyLinkCard() {
  const { t } = useI18n();
  return (
    <IonCard className="profile-card">
      <h2 className="panel__title">{t('privacy.card.title')}</h2>
      <p>{t('privacy.card.text')}</p>
      <p>
        <Link to="/privacy">{t('privacy.card.link')}</Link>
      </p>
    </IonCard>
  );
}
