import { IonApp } from '@ionic/react';
import { IonReactMemoryRouter } from '@ionic/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AppRoutes, ROUTER_FUTURE } from '../shell/App';
import { SessionProvider } from '../auth/SessionProvider';

/** Renders its location as text, so tests can read where the router is. */
function LocationProbe() {
  const { pathname } = useLocation();
  return (
    <output data-testid="location" hidden>
      {pathname}
    </output>
  );
}

/**
 * Renders `ui` (default: the whole route table) at `path` inside Ionic's
 * root, an in-memory router and a session whose browser redirects go to the
 * returned `redirect` spy.
 */
export function renderAt(path: string, ui: ReactNode = <AppRoutes />) {
  const redirect = vi.fn<(url: string) => void>();
  const result = render(
    <IonApp>
      <SessionProvider redirect={redirect}>
        <IonReactMemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
          {ui}
          <LocationProbe />
        </IonReactMemoryRouter>
      </SessionProvider>
    </IonApp>,
  );
  return { ...result, redirect };
}
