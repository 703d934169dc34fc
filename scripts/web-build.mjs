// The web build check and command shared by `npm start` (scripts/start.mjs) and the home-page benches
// (scripts/bench-lighthouse.mjs): rebuild when the build is missing or older than any web source.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Everything the web build reads, relative to the repository root. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-prerender.ts',
  'apps/web/public',
  'packages/i18n/locales',
  'packages/i18n/src',
  'packages/contract/src',
  'packages/forms/src',
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

/** 'missing', 'stale' or 'fresh' for a build whose output `stamp` is made from `sources` (relative to root). */
export function buildState(root, stamp, sources) {
  if (!existsSync(stamp)) return 'missing';
  const built = statSync(stamp).mtimeMs;
  return Math.max(...sources.map((p) => newestMtime(join(root, p)))) > built ? 'stale' : 'fresh';
}

/** 'missing', 'stale' or 'fresh' for the build in `outDir` (its index.html is the stamp). */
export function webBuildState(root, outDir) {
  return buildState(root, join(outDir, 'index.html'), WEB_SOURCES);
}

/** Runs `vite build` (into `outDir` when given, else the config's dist); returns the exit status. */
export function buildWeb(root, outDir) {
  const args = [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];
  if (outDir) args.push('--outDir', outDir, '--emptyOutDir');
  return spawnSync(process.execPath, args, { cwd: join(root, 'apps/web'), stdio: 'inherit' }).status ?? 1;
}
