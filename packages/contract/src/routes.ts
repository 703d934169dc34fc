/**
 * Every screen route of the spec (§2). The web router renders them; the server uses the list to
 * decide which paths get the SPA with 200 and which get it with 404.
 * `titleKey` is an i18n key in the `routes` namespace.
 */
export interface AppRoute {
  path: string;
  titleKey: string;
  /** Where the route redirects to, if it only redirects. */
  redirect?: string;
}

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', titleKey: 'index', redirect: '/index' },
  { path: '/index', titleKey: 'index', redirect: '/index/firstTerm' },
  { path: '/index/firstTerm', titleKey: 'firstTerm' },
  { path: '/index/diyEb', titleKey: 'diyEb' },
  { path: '/index/diyNIW', titleKey: 'diyNIW' },
  { path: '/index/audit', titleKey: 'audit' },
  { path: '/index/translate', titleKey: 'translate' },
  { path: '/index/aboutUs', titleKey: 'aboutUs' },
  { path: '/index/immigrant', titleKey: 'immigrant' },
  { path: '/index/answer', titleKey: 'answer' },
  { path: '/login', titleKey: 'login' },
  { path: '/estimate', titleKey: 'estimate' },
  { path: '/HKestimate', titleKey: 'hkEstimate' },
  { path: '/payService', titleKey: 'payService' },
  { path: '/payService/sandbox', titleKey: 'paySandbox' },
  { path: '/payService/transfer/:orderId', titleKey: 'payTransfer' },
  { path: '/personalCenter', titleKey: 'personalCenter', redirect: '/personalCenter/personMessage' },
  { path: '/personalCenter/personMessage', titleKey: 'personMessage' },
  { path: '/personalCenter/messageRemind', titleKey: 'messageRemind' },
  { path: '/personalCenter/myPlan', titleKey: 'myPlan' },
  { path: '/personalCenter/purchaseRecord', titleKey: 'purchaseRecord' },
  { path: '/EB-1A', titleKey: 'eb1a' },
  { path: '/NIW', titleKey: 'niw' },
  { path: '/guidance', titleKey: 'guidance' },
  { path: '/previewToPdf', titleKey: 'previewToPdf' },
  { path: '/viewPreview', titleKey: 'viewPreview' },
  { path: '/onePagePreview', titleKey: 'onePagePreview' },
  { path: '/privacyFile', titleKey: 'privacyFile' },
  { path: '/termsOfService', titleKey: 'termsOfService' },
  { path: '/promotion', titleKey: 'promotion' },
];

/** Routes that render a page (not pure redirects). */
export const PAGE_ROUTES = APP_ROUTES.filter((r) => !r.redirect);

/** Left menu of the workbench (spec §2), in display order; the first is the landing tab (the bare path). */
export const WORKBENCH_TABS = [
  'schedule',
  'form',
  'evidence',
  'reference',
  'endeavor',
  'petition',
  'readMe',
] as const;
export type WorkbenchTab = (typeof WORKBENCH_TABS)[number];

/** `/a/:id` → /^\/a\/[^/]+$/; null for a path without parameters. */
function paramPattern(path: string): RegExp | null {
  if (!path.includes('/:')) return null;
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** True when `pathname` is a screen route (ignoring one trailing slash) or a workbench tab. */
export function isAppRoute(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (APP_ROUTES.some((r) => r.path === p || paramPattern(r.path)?.test(p))) return true;
  const tab = /^\/(?:EB-1A|NIW)\/([A-Za-z]+)$/.exec(p)?.[1];
  return (
    tab !== undefined && tab !== WORKBENCH_TABS[0] && (WORKBENCH_TABS as readonly string[]).includes(tab)
  );
}
