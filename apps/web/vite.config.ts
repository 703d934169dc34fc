import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development (`npm run dev -w @dossier/server`). */
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => {
  // scripts/start.mjs builds with the server's environment, so NODE_ENV may be `test` (e2e) or `development`; Vite
  // would then bundle React's development build. Vite decides after loading this file, so pin it here.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // Anchored to this folder so the build is the same whether it runs from here or from the repo root.
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
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
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
