import { useSyncExternalStore } from 'react';

/**
 * antd's `md` breakpoint (768 px): below it tables become cards and dialogs become sheets (decision 0017).
 * The CSS uses the same width (global.css `max-width: 767.98px`).
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True on a phone-sized screen; right from the first render (no table flashing before the cards). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
