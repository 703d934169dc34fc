import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { SessionBridge } from '../api/session-bridge.tsx';
import { useStaticFilesQuery } from '../features/reference-data/use-static-files-query.ts';
import { NOT_FOUND_TITLE_KEY, titleKeyOf } from './route-meta.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { useRootFontSize } from './use-root-font-size.ts';

/** Route-wide effects that every screen shares; renders no markup of its own. */
export function RootLayout() {
  const { pathname } = useLocation();
  const titleKey = titleKeyOf(useMatches());
  useDocumentTitle(titleKey);
  useRootFontSize(pathname);
  // A mistyped URL should not cost an API call; the catalogue loads once a real screen is opened.
  useStaticFilesQuery({ enabled: titleKey !== NOT_FOUND_TITLE_KEY });
  return (
    <>
      <SessionBridge />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
