import { useCallback, useSyncExternalStore } from 'react';

/**
 * antd's `md` breakpoint (768 px): below it tables become cards and dialogs become sheets (decision 0017).
 * The CSS uses the same width (global.css `max-width: 767.98px`).
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** Whether a CSS media query matches now, followed as it changes; right from the first render. */
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

/** True on a phone-sized screen; right from the first render (no table flashing before the cards). */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
