/**
 * The web's view of packages/i18n/locales: every `<lang>/<namespace>.json` found by the build's glob is a
 * namespace, so a new namespace needs no registration here. Pure (no i18next, no Vite) for unit tests.
 */

/** What the shell (header, footer, session and API messages) and the home page read before the first render. */
export const BOOT_NAMESPACES = ['common', 'routes', 'account', 'home', 'programs'] as const;

const FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** `{ lang: { namespace: data } }` from an eager glob of locale files, for i18next's `resources`. */
export function bundledResources<T>(glob: Record<string, T>): Record<string, Record<string, T>> {
  const resources: Record<string, Record<string, T>> = {};
  for (const [path, data] of Object.entries(glob)) {
    const match = FILE.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] = { ...resources[language], [namespace]: data };
  }
  return resources;
}
