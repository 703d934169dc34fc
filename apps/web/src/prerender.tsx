import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  DEFAULT_LOCALE,
  ROOT_FONT_BASE_PX,
  ROOT_FONT_MAX_PX,
  ROOT_FONT_MIN_PX,
  ROOT_FONT_REFERENCE_WIDTH,
} from '@dossier/contract';
import i18next from 'i18next';
import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { initI18n } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { NOT_FOUND_TITLE_KEY, titleKeyOf } from './app/route-meta.ts';
import { routes } from './app/router.tsx';

export { PRERENDER_ROUTES } from './prerender-routes.ts';

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /**
   * `<style>` tags for the head: the root font size, and antd's CSS-in-JS rules the markup uses (none on the home
   * page, which has no antd).
   */
  styles: string;
  /** The document title the client sets (use-document-title.ts). */
  title: string;
  locale: string;
}

/**
 * The root font size of the default layout (app/root-font-size.ts) in CSS, so the page is laid out at its final
 * size before the script sets the same value (no layout shift when it runs).
 */
const ROOT_FONT_STYLE =
  `<style>html{font-size:clamp(${ROOT_FONT_MIN_PX}px,calc(100vw*${ROOT_FONT_BASE_PX}/` +
  `${ROOT_FONT_REFERENCE_WIDTH.default}),${ROOT_FONT_MAX_PX}px)}</style>`;

let ready: Promise<unknown> | undefined;

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out += decoder.decode(value, { stream: true });
  }
  return out + decoder.decode();
}

/**
 * Renders one route as a first-time visitor sees it (default language, not logged in), for the build
 * (apps/web/vite-prerender.ts) and apps/web/test/prerender.test.ts. Decision 0036.
 */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  ready ??= initI18n();
  await ready;
  if (i18next.language !== DEFAULT_LOCALE) await i18next.changeLanguage(DEFAULT_LOCALE);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}): not prerendered`);
  if (context.statusCode !== 200) throw new Error(`${path} answers ${context.statusCode}: not prerendered`);
  const titleKey = titleKeyOf(context.matches.map((m) => ({ handle: m.route.handle })));
  if (titleKey === NOT_FOUND_TITLE_KEY) throw new Error(`${path} is not a page (404): not prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
  // `prerender` (unlike renderToString) waits for the lazy screens and their namespaces to load.
  const { prelude } = await prerender(
    <StrictMode>
      <Suspense fallback={null}>
        <StyleProvider cache={cache}>
          <Providers>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </StyleProvider>
      </Suspense>
    </StrictMode>,
    // One piece: React outlines a boundary past its chunk size (~12 kB) into a template and an inline script that
    // moves it in, which the CSP (script-src 'self') blocks; a static page has no reason to stream.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  const title = i18next.t('common:documentTitle', { title: i18next.t(`routes:${titleKey}`) });
  return { html, styles: ROOT_FONT_STYLE + extractStyle(cache), title, locale: DEFAULT_LOCALE };
}
