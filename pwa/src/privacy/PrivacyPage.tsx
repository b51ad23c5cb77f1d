import { IonButton, IonCard, IonCardContent, IonCardHeader, IonContent, IonPage, IonSpinner } from '@ionic/react';
import { Link } from 'react-router-dom';
import { Logo } from '../platform/ui/Logo';
import { ScreenOffline } from '../platform/ui/ScreenState';
import { isOfflineFailure } from '../platform/api/api';
import { loadPrivacyNotice, type PrivacyNotice } from './privacy';
import { useResource } from '../platform/api/useResource';
import { useI18n } from '../platform/i18n';
import './PrivacyPage.css';

type Collection = PrivacyNotice['collections'][number];

/**
 * The privacy notice at /privacy (docs/product.md#privacy), readable signed out and outside the
 * dashboard layout: what Oracy stores, why, for how long, who can see it and what deleting an
 * account does, one card per collection of the privacy register, and whom to ask for a copy or
 * the deletion of one's data (the school's privacy contact). The page's own headings and
 * explanations are translated; the register's descriptions come from the server in English.
 */
export default function PrivacyPage() {
  const { t } = useI18n();
  const notice = useResource((signal) => loadPrivacyNotice(signal));
  const school = notice.data?.school;

  return (
    <IonPage>
      <IonContent className="ion-padding">
        <main className="privacy">
          <Logo height={32} />
          <h1 className="privacy__title">{t('privacy.title')}</h1>
          {notice.data && school ? (
            <>
              <p>{school.name ? t('privacy.introNamed', { school: school.name }) : t('privacy.intro')}</p>
              <section className="privacy__ask" aria-labelledby="privacy-ask">
                <h2 id="privacy-ask">{t('privacy.askTitle')}</h2>
                <p>{school.contact ? t('privacy.askContact', { contact: school.contact }) : t('privacy.askNoContact')}</p>
                <p>{t('privacy.backups')}</p>
              </section>
              <p className="privacy__note">{t('privacy.englishNote')}</p>
              {notice.data.collections.map((collection) => (
                <CollectionCard key={collection.name} collection={collection} />
              ))}
            </>
          ) : isOfflineFailure(notice.error) ? (
            <ScreenOffline onRetry={() => void notice.reload()} />
          ) : notice.error ? (
            <div role="alert">
              <p>{t('privacy.loadFailed')}</p>
              <IonButton fill="outline" onClick={() => void notice.reload()}>
                {t('common.retry')}
              </IonButton>
            </div>
          ) : (
            <IonSpinner name="crescent" role="status" aria-label={t('privacy.loading')} />
          )}
          <Link to="/" className="privacy__home">
            {t('privacy.home')}
          </Link>
        </main>
      </IonContent>
    </IonPage>
  );
}

/** One collection of the register: its name, why it is kept, what it holds, who sees it, how long, and erasure. */
function CollectionCard({ collection }: { collection: Collection }) {
  const { t } = useI18n();
  return (
    <IonCard>
      <IonCardHeader>
        <h2 className="privacy__collection">{collection.name}</h2>
      </IonCardHeader>
      <IonCardContent>
        <dl className="privacy__facts">
          <dt>{t('privacy.purpose')}</dt>
          <dd>{collection.purpose}</dd>
          <dt>{t('privacy.personalData')}</dt>
          <dd>
            {collection.personalData.length > 0 ? (
              <ul>
                {collection.personalData.map((description) => (
                  <li key={description}>{description}</li>
                ))}
              </ul>
            ) : (
              t('privacy.noPersonalData')
            )}
          </dd>
          <dt>{t('privacy.whoCanSee')}</dt>
          <dd>{collection.whoCanSee}</dd>
          <dt>{t('privacy.retention')}</dt>
          <dd>{collection.retention}</dd>
          <dt>{t('privacy.onErasure')}</dt>
          <dd>{collection.onErasure}</dd>
        </dl>
      </IonCardContent>
    </IonCard>
  );
}
