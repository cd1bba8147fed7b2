import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (one layout in the DOM at a time, not two hidden by CSS). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
