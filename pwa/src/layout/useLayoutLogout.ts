import { useIonAlert } from '@ionic/react';
import { useCallback } from 'react';
import { HttpError } from '../data/api';
import { useSession } from '../session/SessionProvider';

/**
 * Logout as the shared layout does it (spec §4 "Logout", §8 "Logout"): on
 * success the session ends and the browser goes to `SITE_URL`; a non-2xx
 * answer shows the alert "Error logging out"; a thrown failure is logged only.
 */
export function useLayoutLogout(): () => Promise<void> {
  const { logout } = useSession();
  const [presentAlert] = useIonAlert();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      if (error instanceof HttpError) {
        await presentAlert({ header: 'Error logging out', buttons: ['OK'] });
        return;
      }
      console.error('Logout failed', error);
    }
  }, [logout, presentAlert]);
}
