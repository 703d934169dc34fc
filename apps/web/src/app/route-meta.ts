import type { AppRoute } from '@dossier/contract';
import { APP_ROUTES } from '@dossier/contract';

/** Title key (in the `routes` namespace) of the catch-all page. */
export const NOT_FOUND_TITLE_KEY = 'notFound';
/** Title key of the staff console (/staff): not a customer contract route (decision 0032). */
export const STAFF_TITLE_KEY = 'staff';

export interface RouteHandle {
  titleKey: string;
}

function findRoute(path: string): AppRoute {
  const route = APP_ROUTES.find((r) => r.path === path);
  // Fails at start-up rather than showing a page with no title when the contract and the router drift apart.
  if (!route) throw new Error(`Route ${path} is not in APP_ROUTES`);
  return route;
}

/** Router `handle` for a contract route: the title always comes from the contract's titleKey. */
export function routeHandle(path: string): RouteHandle {
  return { titleKey: findRoute(path).titleKey };
}

/** Where a redirect-only contract route goes. */
export function redirectTarget(path: string): string {
  const { redirect } = findRoute(path);
  if (!redirect) throw new Error(`Route ${path} does not redirect`);
  return redirect;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).titleKey === 'string'
  );
}

/** The deepest matched route that names a title wins (a tab inherits its workbench's title). */
export function titleKeyOf(matches: readonly { handle: unknown }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return NOT_FOUND_TITLE_KEY;
}
