import { IonContent, IonPage } from '@ionic/react';
import { Link } from 'react-router-dom';
import { Logo } from '../platform/ui/Logo';
import { useI18n } from '../platform/i18n';
import './NotFoundPage.css';

/** The 404 page (docs/product.md#not-found-page), for any path outside the route table; no sign-in needed. */
export default function NotFoundPage() {
  const { t } = useI18n();
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="not-found">
          <Logo height={40} />
          <h1 className="not-found__code">404</h1>
          <p className="not-found__text">{t('notFound.text')}</p>
          <Link to="/" className="not-found__home">
            {t('notFound.home')}
          </Link>
        </div>
      </IonContent>
    </IonPage>
  );
}
