import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following it as the window changes: for a choice CSS
 * cannot make alone, such as which actions a menu lists. False where there is no window.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
