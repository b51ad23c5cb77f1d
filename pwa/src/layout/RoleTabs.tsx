import { IonFooter, IonIcon } from '@ionic/react';
import { NavLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import type { Role } from '../session/roles';
import { TAB_ENTRIES } from './navigation';
import './layout.css';

/**
 * The bottom tab bar of the shared layout on phones (the design card's "tab
 * and menu navigation per role"); hidden from the `md` breakpoint up, where
 * the side menu stays open. The current tab has `aria-current="page"`.
 */
export function RoleTabs({ role }: { role: Role }) {
  const { t } = useI18n();
  return (
    <IonFooter className="role-tabs ion-hide-md-up">
      <nav aria-label={t('layout.tabs')}>
        <ul>
          {TAB_ENTRIES[role].map((tab) => (
            <li key={tab.path}>
              <NavLink to={tab.path} className="role-tabs__link">
                <IonIcon icon={tab.icon} aria-hidden="true" />
                <span>{t(tab.label)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </IonFooter>
  );
}
