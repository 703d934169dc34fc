// `npm start`: builds the web app and the server when a build is missing or older than its sources, then runs
// the server (API + worker + the built SPA) in this process, so signals reach it directly.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './server-build.mjs';
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

// The server runs bundled (decision 0047), rebuilt here when a source is newer than the bundle (about a second).
if (await ensureServerBuild(root)) process.stdout.write('Server built (apps/server/dist).\n');
await import('../apps/server/dist/main.mjs');
