// The server bundle in tests (decision 0047): built into a directory of the test's own under apps/server/dist (the
// bundle imports npm packages from the repository's node_modules), removed by the test.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../../scripts/server-build.mjs';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let n = 0;

/** Bundles `entry` (default: the server's main.ts) into a new directory; answers the directory. */
export function bundleForTest(options: { entry?: string; name?: string } = {}): Promise<string> {
  const outDir = join(repoRoot, 'apps/server/dist', `test-${process.pid}-${n++}`);
  return bundleServer(repoRoot, { ...options, outDir });
}
