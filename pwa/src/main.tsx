import { setupIonicReact } from '@ionic/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import App from './shell/App';
import { watchSelectPopovers } from './platform/ui/selectPopoverSemantics';
import { setLanguage, startLanguage } from './platform/i18n';
import { listenForInstallPrompt } from './platform/offline/installPrompt';
import { registerServiceWorker } from './platform/offline/serviceWorker';
import { findRoute } from './shell/routes';
import { prefetchCurrentUser } from './auth';
import { ionicMotionConfig } from './platform/theme/motion';

/* Ionic's CSS: required core, then the basics and the utilities the screens use, then its dark palette when the device asks for dark. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
import './platform/theme/variables.css';
import './platform/theme/global.css';
import './platform/theme/dark.css';

// the current user (already on its way: index.html preloads it) and the screen's chunk are
// requested before the first render, not after it. The current user on every path, the 404
// page's too: a preload nobody takes is a console warning.
prefetchCurrentUser();
findRoute(window.location.pathname)
  ?.screen.preload()
  .catch(() => undefined);

// Material Design everywhere; no animation when the device asks for reduced motion (theme/motion.ts).
setupIonicReact({ mode: 'md', ...ionicMotionConfig() });
watchSelectPopovers();

/** Runs `task` when the browser is idle (at the latest after 5 s); after a short delay where there is no `requestIdleCallback` (Safari). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5000 });
  else window.setTimeout(task, 1000);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// the install offer can fire before React renders. The service worker, whose install
// downloads the whole app, waits for the page's load and then for idle time, so it
// does not compete with the first screen.
listenForInstallPrompt();
window.addEventListener('load', () => whenIdle(() => registerServiceWorker()), { once: true });

// the first render is a transition, so React builds the app shell in short slices
// between which the browser can paint and answer input, instead of in one long task.
// nothing is rendered before a catalogue is loaded: the one the device showed last (the
// user's language, known once the current user arrives), else English.
const reactRoot = createRoot(root);
setLanguage(startLanguage())
  .catch(() => setLanguage('en'))
  .finally(() => {
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
