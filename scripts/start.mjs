// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server (API + worker + the built SPA) in this process, so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/i18n/locales',
  'packages/i18n/src',
  'packages/contract/src',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const e of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, e)));
  return newest;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourceTime = Math.max(...sources.map((p) => newestMtime(join(root, p))));
if (!built || sourceTime > built) {
  process.stdout.write(built ? 'Web sources changed: rebuilding the web app…\n' : 'Building the web app…\n');
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) {
    process.stderr.write('The web build failed; see above.\n');
    process.exit(r.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
