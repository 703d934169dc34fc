/** Top navigation targets (spec §2 Home and public pages), in display order. */
export const NAV_ITEMS = [
  { key: 'home', to: '/index/firstTerm' },
  { key: 'eb1a', to: '/index/diyEb' },
  { key: 'niw', to: '/index/diyNIW' },
  { key: 'agent', to: '/index/immigrant' },
  { key: 'assessment', to: '/estimate' },
  { key: 'qa', to: '/index/answer' },
] as const;

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/index/firstTerm';

/** The nav entry to highlight for a path, if any (case-insensitive like the router). */
export function activeNavKey(pathname: string): string | undefined {
  const path = pathname.toLowerCase().replace(/\/$/, '');
  return NAV_ITEMS.find(
    (item) => path === item.to.toLowerCase() || path.startsWith(`${item.to.toLowerCase()}/`),
  )?.key;
}
