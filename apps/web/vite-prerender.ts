import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { build } from 'vite';
import type { PrerenderedPage } from './src/prerender.tsx';

/** Where the prerendered pages go inside the build (apps/server/src/plugins/web.ts serves them). */
export const PRERENDER_DIR = 'prerender';

type PrerenderModule = typeof import('./src/prerender.tsx');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The built index.html around one prerendered page: the markup in #root (marked for main.tsx to hydrate),
 * the page's title, antd's rules, and the entry stylesheet inlined (one round trip less before the first paint).
 */
export function pageHtml(
  template: string,
  page: PrerenderedPage,
  readAsset: (href: string) => string,
): string {
  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${escapeHtml(page.locale)}">${page.html}</div>`,
    )
    // The content is there without JavaScript.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  html = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    return `<style>${readAsset(href)}</style>`;
  });
  return html.replace('</head>', `${page.styles}</head>`);
}

/**
 * After the client build, builds src/prerender.tsx for Node, renders every PRERENDER_ROUTES page and writes
 * `<outDir>/prerender/<path>.html` (with .gz and .br). Decision 0036.
 */
export function prerenderPlugin(): Plugin {
  let outDir = '';
  let root = '';
  let isSsr = false;
  return {
    name: 'dossier-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
      isSsr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isSsr) return;
      const ssrDir = mkdtempSync(join(tmpdir(), 'dossier-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: [react()],
          ssr: { noExternal: true },
          build: {
            ssr: 'src/prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const mod = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as PrerenderModule;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const readAsset = (href: string) => readFileSync(join(outDir, href.replace(/^\//, '')), 'utf8');
        for (const path of mod.PRERENDER_ROUTES) {
          const page = await mod.renderPage(path);
          const file = join(outDir, PRERENDER_DIR, `${path.replace(/^\//, '')}.html`);
          mkdirSync(dirname(file), { recursive: true });
          const html = Buffer.from(pageHtml(template, page, readAsset));
          writeFileSync(file, html);
          writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
