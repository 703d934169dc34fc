// The server as plain JavaScript (decision 0047): `npm start`, the Docker image and the server benches run
// apps/server/dist/main.mjs, one ES module bundled by esbuild from apps/server/src and the workspace packages,
// instead of the TypeScript sources under tsx, whose loader is a second V8 isolate in every process (and in every
// normaliser thread) holding ~85 MB. npm packages stay outside the bundle, loaded from node_modules as before.
//
// The sources find their files next to themselves (`new URL('./migrations', import.meta.url)`, the forms'
// blanks, the ETA-9089 guide, pglite-init.mjs): in the bundle each file's `import.meta.url` still names that
// source file (as a path relative to the bundle, so the tree can move), and the bundle's own URL is
// `__BUNDLE_URL__` (the threads are entries beside main.mjs: run-in-thread.ts).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { buildState } from './web-build.mjs';

/** Everything the server bundle is made from, relative to the repository root. */
const SERVER_SOURCES = [
  'apps/server/src',
  'packages/contract/src',
  'packages/i18n/src',
  'packages/i18n/locales',
  'packages/forms/src',
  'package-lock.json',
  'scripts/server-build.mjs',
];

/** The entries every server bundle has: the threads (normaliser, .docx import) sit beside the process entry. */
const NORMALISE_WORKER = 'apps/server/src/pdf/normalise/normalise-job.ts';
const DOCX_WORKER = 'apps/server/src/modules/documents/docx-job.ts';

export const serverDist = (root) => join(root, 'apps/server/dist');

/** 'missing', 'stale' or 'fresh' for apps/server/dist/main.mjs. */
export function serverBuildState(root) {
  return buildState(root, join(serverDist(root), 'main.mjs'), SERVER_SOURCES);
}

/**
 * Bundles `entry` (a TypeScript file, relative to root) into `outDir/<name>.mjs`, with the normaliser's thread
 * as `outDir/normalise-worker.mjs` and the .docx import's as `outDir/docx-worker.mjs`. `outDir` must be inside the
 * repository: the bundle imports npm packages from its node_modules.
 */
export async function bundleServer(root, { entry = 'apps/server/src/main.ts', name = 'main', outDir } = {}) {
  const out = outDir ?? serverDist(root);
  // Loaded only to build: `npm start` imports this file into the server's own process.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      [name]: join(root, entry),
      'normalise-worker': join(root, NORMALISE_WORKER),
      'docx-worker': join(root, DOCX_WORKER),
    },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // As tsx runs the sources: functions and classes keep their names.
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    banner: { js: 'const __BUNDLE_URL__ = import.meta.url;' },
    plugins: [packagesOutside(), sourceFileUrls(root, out)],
    write: false,
  });
  // Each file written beside its place and renamed into it: a process starting (or a second `npm start`
  // building) meanwhile reads the old file or the new one, never half of one.
  await mkdir(out, { recursive: true });
  await Promise.all(
    result.outputFiles.map(async (f) => {
      const tmp = `${f.path}.${process.pid}.tmp`;
      await writeFile(tmp, f.contents);
      await rename(tmp, f.path);
    }),
  );
  return out;
}

/** Builds apps/server/dist when it is missing or older than its sources; answers whether it built. */
export async function ensureServerBuild(root) {
  if (serverBuildState(root) === 'fresh') return false;
  await bundleServer(root);
  return true;
}

/** npm packages are imported from node_modules at run time; the workspace's own (@dossier/*) are bundled. */
function packagesOutside() {
  return {
    name: 'packages-outside',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@dossier/') ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/** Each bundled source's `import.meta.url` (in apps/ and packages/) is its own file's URL, relative to the bundle. */
function sourceFileUrls(root, outDir) {
  const workspaces = [join(root, 'apps') + sep, join(root, 'packages') + sep];
  return {
    name: 'source-file-urls',
    setup(b) {
      b.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
        if (!workspaces.some((w) => args.path.startsWith(w))) return undefined;
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const rel = relative(outDir, args.path).split(sep).join('/');
        return {
          contents: text.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
          ),
          loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

// `node scripts/server-build.mjs`: build it now (the Docker image does).
// (This file may itself be inside a bundle, the bench's: the check is on the script's name.)
if (basename(process.argv[1] ?? '') === 'server-build.mjs') {
  const root = join(dirname(new URL(import.meta.url).pathname), '..');
  const t0 = performance.now();
  const out = await bundleServer(root);
  process.stdout.write(
    `Server built into ${relative(root, out)} in ${Math.round(performance.now() - t0)} ms\n`,
  );
}
