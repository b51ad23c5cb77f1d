import { useIonViewWillEnter } from '@ionic/react';
import { useRef } from 'react';
import type { CachedResource } from './useCachedResource';

/**
 * Loads `resources` again each time their screen is shown anew after being left
 * (docs/product.md#lists-reload-after-changes): Ionic's outlets keep a screen that was left
 * mounted and hidden, so without this a return (back, a tab, the menu) would show what was loaded
 * on the first visit — missing, say, another teacher's review saved meanwhile. The first showing is
 * left to the resources' own first load; what is shown stays until the new answers come.
 */
export function useReloadOnReturn(...resources: readonly Pick<CachedResource<unknown>, 'reload'>[]): void {
  const shownBefore = useRef(false);
  const latest = useRef(resources);
  latest.current = resources;
  useIonViewWillEnter(() => {
    if (shownBefore.current) for (const resource of latest.current) void resource.reload();
    shownBefore.current = true;
  });
}
