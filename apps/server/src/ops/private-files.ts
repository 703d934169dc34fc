import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DATA_DIR holds customers' data (the embedded database, their files, transfers in progress, the token secret):
 * readable by the server's user alone (issue 27 item 4, decision 0051). The server runs with umask 077, so what
 * Node creates is private; PGlite is not: its file system chmods the files of a new cluster 0666 and writes some
 * files 0644 whatever the umask (pg_internal.init on open, pgstat.stat on close), and renames keep a file's mode.
 * `makePrivate` corrects a tree: at start-up over DATA_DIR, after PGlite opens and closes, after a backup or a
 * restore.
 */

export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export interface PrivateResult {
  /** Entries looked at (the root included). */
  entries: number;
  /** Entries whose mode was changed. */
  changed: number;
  /** Entries that could not be changed (another user's, a read-only mount). */
  failures: number;
  /** The first 20 of them: `path: error code`. */
  failed: string[];
}

const FAILURES_KEPT = 20;
const PARALLEL = 4;

/**
 * Directories 0700, everything else 0600 (files, sockets), from `root` down; symbolic links are not followed.
 * Entries that vanish meanwhile (a running database, a finished transfer) are skipped. A missing root: nothing.
 * Never throws: what it could not change is in `failed` (the caller logs it).
 */
export async function makePrivate(root: string): Promise<PrivateResult> {
  const result: PrivateResult = { entries: 0, changed: 0, failures: 0, failed: [] };
  let names: string[];
  try {
    names = (await readdir(root, { recursive: true })) as string[];
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return result;
    // A directory below that this user cannot read: nothing of the tree is listed, say so.
    return { ...result, failures: 1, failed: [`${root}: ${code ?? String(e)}`] };
  }
  const paths = [root, ...names.map((n) => join(root, n))];
  let next = 0;
  // A few at a time (libuv's 4 threads): a fifth of the time of one by one, without blocking the event loop
  // (a backup runs inside the serving process).
  const worker = async () => {
    while (next < paths.length) await fix(paths[next++]!, result);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return result;
}

async function fix(path: string, result: PrivateResult): Promise<void> {
  try {
    const s = await lstat(path);
    if (s.isSymbolicLink()) return;
    result.entries++;
    const want = s.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((s.mode & 0o777) === want) return;
    await chmod(path, want);
    result.changed++;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    result.failures++;
    if (result.failed.length < FAILURES_KEPT) result.failed.push(`${path}: ${code ?? String(e)}`);
  }
}
