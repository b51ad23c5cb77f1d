import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { listenForInstallPrompt } from './offline/installPrompt';
import { registerServiceWorker } from './offline/serviceWorker';
import { findRoute } from './routes';
import { prefetchCurrentUser } from './session/currentUser';

/* Ionic's CSS: required core, then the basics and the utilities the screens use. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import './theme/variables.css';
import './theme/global.css';

// issue 9: the current user and the screen's chunk are requested before the first render, not after it.
const route = findRoute(window.location.pathname);
if (route) {
  prefetchCurrentUser();
  route.screen.preload().catch(() => undefined);
}

setupIonicReact({ mode: 'md' });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// issue 7: the install offer can fire before React renders; the service worker waits for the page's load.
listenForInstallPrompt();
window.addEventListener('load', () => registerServiceWorker(), { once: true });

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
