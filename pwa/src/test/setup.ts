import '@testing-library/jest-dom/vitest';
import { setupIonicReact } from '@ionic/react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reportAnswered } from '../platform/api/serverStatus';
import { installMessages } from '../platform/i18n';
import en from '../platform/i18n/messages/en.json';
import { staticMediaQueryList } from './mediaQuery';

// Ionic's form fields get their props and events as in a browser (see ionicFields.ts), so that
// their label, helper and error texts render and tests can drive them with Ionic's events.
vi.mock('@ionic/react', async (importOriginal) => {
  const { withWiredFields } = await import('./ionicFields');
  return withWiredFields(await importOriginal<Record<string, unknown>>());
});

setupIonicReact({ mode: 'md', animated: false });

// every test starts in English, the specification's texts.
installMessages('en', en);

// Lazy screens and Ionic's first render take longer than Testing Library's
// default 1 s on a busy 2-core machine; wait up to 10 s before failing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout engine: give Ionic the media-query API it expects.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => staticMediaQueryList(query, false);
}

// Two start-up complaints that only jsdom provokes (the split pane and the menu
// look for the outlet before React has mounted it; a browser never logs them).
const JSDOM_ONLY_IONIC_NOISE = ['[ion-split-pane] - Does not have a specified main node', '[ion-menu] - Must have a "content" element'];
for (const level of ['warn', 'error'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (JSDOM_ONLY_IONIC_NOISE.some((noise) => text.includes(noise))) return;
    original(...args);
  };
}

afterEach(() => {
  cleanup();
  // Ionic presents alerts and popovers outside the rendered tree and hides
  // the rest of the page from assistive technology while they are open;
  // drop whatever a test left behind so the next one starts clean.
  document.body.innerHTML = '';
  localStorage.clear();
  // a 503 `unavailable` of one test does not carry over to the next.
  reportAnswered();
  installMessages('en', en);
});
