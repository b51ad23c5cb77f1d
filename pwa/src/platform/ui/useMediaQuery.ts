import { useEffect, useState } from 'react';

/** The width from which the admin lists show as tables instead of cards (Ionic's `lg` breakpoint, in CSS pixels). */
export const WIDE_LAYOUT_QUERY = '(min-width: 992px)';

/**
 * Whether a CSS media query matches, updated as the window changes (a phone
 * rotated, a tablet's split view resized). `false` where `matchMedia` is missing.
 * @param query e.g. {@link WIDE_LAYOUT_QUERY}
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
