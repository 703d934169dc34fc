import { APP_ROUTES } from '@dossier/contract';
import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HOME_PATH } from './nav-items.ts';
import { RouteFallback } from './route-fallback.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';

const AntdProviders: ComponentType<{ children: ReactNode }> = lazy(
  () => import('../../app/antd-providers.tsx'),
);

/** Where a path ends up after the contract's redirects (`/` → `/index` → the home page). */
function finalPath(path: string): string {
  const route = APP_ROUTES.find((r) => r.path.toLowerCase() === path);
  return route?.redirect ? finalPath(route.redirect.toLowerCase()) : path;
}

/** The home page is plain HTML and CSS; every other screen uses antd. */
function needsAntd(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return finalPath(path.length > 1 ? path.replace(/\/$/, '') : path) !== HOME_PATH.toLowerCase();
}

/**
 * Header with the top navigation, the screen, and the footer: the frame of every screen. Plain landmarks
 * (header, main, footer) styled in global.css. antd's providers wrap the screens from the first screen that
 * needs them on and then stay mounted, so their messages survive navigation (also back to the home page).
 */
export function SiteLayout() {
  const { pathname } = useLocation();
  const [antd, setAntd] = useState(() => needsAntd(pathname));
  if (!antd && needsAntd(pathname)) setAntd(true);
  const screen = (
    <Suspense fallback={<RouteFallback />}>
      <Outlet />
    </Suspense>
  );
  return (
    <div className="site-layout">
      <header className="site-header">
        <TopNav />
      </header>
      <main className="site-content">
        {antd ? (
          <Suspense fallback={<RouteFallback />}>
            <AntdProviders>{screen}</AntdProviders>
          </Suspense>
        ) : (
          screen
        )}
      </main>
      <footer className="site-footer-wrap">
        <SiteFooter />
      </footer>
    </div>
  );
}
