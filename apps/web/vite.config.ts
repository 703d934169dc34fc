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
            // Every screen needs the framework: one long-cached chunk that app releases don't invalidate.
            // antd is left to automatic splitting so components used by one screen stay in that screen's chunk.
            groups: [
              {
                // What every page's first render needs (shell, home, boot namespaces): one file instead of ~20
                // small ones, since each extra request costs a round trip on a slow connection.
                name: 'boot',
                test: BOOT_MODULES,
                priority: 5,
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
