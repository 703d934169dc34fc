// Types of server-build.mjs for the TypeScript that imports it (the bench and tests that run the bundle).
export function serverDist(root: string): string;
export function serverBuildState(root: string): 'missing' | 'stale' | 'fresh';
export function bundleServer(
  root: string,
  options?: { entry?: string; name?: string; outDir?: string },
): Promise<string>;
export function ensureServerBuild(root: string): Promise<boolean>;
