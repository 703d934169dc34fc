// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server (API + worker + the built SPA) in this process, so signals reach it directly.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb, webBuildState } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const state = webBuildState(root, join(root, 'apps/web/dist'));
if (state !== 'fresh') {
  process.stdout.write(
    state === 'stale' ? 'Web sources changed: rebuilding the web app…\n' : 'Building the web app…\n',
  );
  const status = buildWeb(root);
  if (status !== 0) {
    process.stderr.write('The web build failed; see above.\n');
    process.exit(status);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
