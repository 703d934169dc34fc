import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { prerenderPlugin } from './vite-prerender.ts';

/** Modules on the home page's first render (bench:home-js lists the files); nothing here may import antd or zod. */
const BOOT_MODULES =
  /(packages[\\/]i18n[\\/]locales[\\/](zh|en)[\\/](common|routes|account|home|programs)\.json|packages[\\/]contract[\\/]src[\\/](constants|routes|error-codes|phone)\.ts|apps[\\/]web[\\/]src[\\/](api[\\/](client|session)\.ts|features[\\/]home[\\/]|features[\\/]programs[\\/](program-data|process-list|format-price)|features[\\/]locale[\\/]use-locale|features[\\/]shell[\\/](nav-items|route-fallback)|features[\\/]account[\\/]use-session|features[\\/]workbench[\\/]workbench-tabs|app[\\/](locale|route-meta|context)))/;

/** antd and what only antd uses: the 'ui' chunk every screen but the home page loads (decision 0093). */
const UI_MODULES =
  /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|dayjs|@babel[\\/]runtime|stylis|@emotion|clsx|classnames|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|json2mq|copy-to-clipboard|toggle-selection|resize-observer-polyfill)[\\/]/;

/** The API server in development (`npm run dev -w @dossier/server`). */
const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Writes `.br` and `.gz` next to every text asset, once at build time, so the server can send them as they are
 * (@fastify/static `preCompressed`) instead of compressing on each request or not at all.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dossier-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        );
      }
    },
  };
}

export default defineConfig(({ command }) => {
  // scripts/start.mjs builds with the server's environment, so NODE_ENV may be `test` (e2e) or `development`; Vite
  // would then bundle React's development build. Vite decides after loading this file, so pin it here.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // Anchored to this folder so the build is the same whether it runs from here or from the repo root.
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react(), precompress(), prerenderPlugin()],
    server: {
      proxy: {
        '/api': API_ORIGIN,
        '/healthz': API_ORIGIN,
        '/readyz': API_ORIGIN,
      },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Every screen needs the framework: one long-cached chunk that app releases don't invalidate. The
            // screens' UI library is one chunk too (decision 0093): split per component it was ~80 requests on a
            // workbench tab's first load, queued six at a time behind HTTP/1.1's connections per host.
            groups: [
              {
                // What every page's first render needs (shell, home, boot namespaces): one file instead of ~20
                // small ones, since each extra request costs a round trip on a slow connection.
                name: 'boot',
                test: BOOT_MODULES,
                priority: 5,
              },
              {
                // The one antd module the entry uses (its App context, for the feedback bridge): kept apart, or the
                // 'ui' group below would pull the whole UI library into the home page's entry.
                name: 'antd-app-context',
                priority: 9,
                test: /node_modules[\\/]antd[\\/]es[\\/]app[\\/]context\.js$/,
              },
              {
                name: 'ui',
                priority: 8,
                test: UI_MODULES,
              },
              {
                name: 'framework',
                priority: 10,
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
