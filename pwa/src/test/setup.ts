import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setupIonicReact } from '@ionic/react';
import { afterEach } from 'vitest';

setupIonicReact({ mode: 'md', animated: false });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
