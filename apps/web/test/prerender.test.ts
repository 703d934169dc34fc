import { resources } from '@dossier/i18n';
import { describe, expect, it } from 'vitest';
import { PRERENDER_ROUTES, renderPage } from '../src/prerender.tsx';
import { pageHtml } from '../vite-prerender.ts';

/**
 * The build prerenders the public pages (decision 0036) with this render function: if it throws, renders an
 * empty shell or the wrong language, the pages lose their first paint without JavaScript.
 */
describe('prerendering the public pages', () => {
  it('renders the home page in zh, as a visitor sees it', async () => {
    const page = await renderPage('/index/firstTerm');
    expect(page.locale).toBe('zh');
    expect(page.title).toBe(`${resources.zh.routes.firstTerm} - Dossier`);
    expect(page.html).toContain(`<h1 class="hero__title">${resources.zh.home.hero.title}</h1>`);
    expect(page.html).toContain(`>${resources.zh.common.nav.login}</a>`);
    // The home page uses no antd: only the root font size style.
    expect(page.styles).not.toContain('.ant-');
  });

  it('renders every prerendered route with its lazy screen and antd rules', async () => {
    for (const path of PRERENDER_ROUTES) {
      const page = await renderPage(path);
      expect(page.html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      // The screen itself, not the route fallback: the page body is there.
      expect(page.html, path).toContain('<main class="site-content">');
      expect(page.html, path).not.toContain('route-fallback');
    }
    const audit = await renderPage('/index/audit');
    expect(audit.html).toContain(resources.zh.pages.audit.scope.title);
    expect(audit.styles).toMatch(/<style[^>]*>[^<]*\.ant-/);
  });

  it('refuses a route that is not a page', async () => {
    await expect(renderPage('/no/such/page')).rejects.toThrow(/404/);
  });

  it('puts the page into the built index.html, with the entry stylesheet inlined', () => {
    const template =
      '<html><head><title>Dossier</title><script type="module" src="/assets/index-1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div>' +
      '<noscript>needs JavaScript</noscript></body></html>';
    const html = pageHtml(
      template,
      { html: '<h1>首页</h1>', styles: '<style>.a{}</style>', title: '首页 - Dossier', locale: 'zh' },
      (href) => (href === '/assets/index-1.css' ? 'body{margin:0}' : ''),
    );
    expect(html).toBe(
      '<html><head><title>首页 - Dossier</title><script type="module" src="/assets/index-1.js"></script>' +
        '<style>body{margin:0}</style><style>.a{}</style></head><body><div id="root" data-prerendered="zh">' +
        '<h1>首页</h1></div></body></html>',
    );
  });
});
