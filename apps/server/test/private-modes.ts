import { lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every entry under `root` (and `root` itself) whose permissions are not private: a directory not 0700, a file
 * or socket not 0600 (issue 27 item 4). Answers `path mode` lines, relative to `root`, so a failure names them.
 */
export function notPrivate(root: string): string[] {
  const bad: string[] = [];
  const check = (path: string) => {
    const s = lstatSync(path);
    if (s.isSymbolicLink()) return;
    const mode = s.mode & 0o777;
    const want = s.isDirectory() ? 0o700 : 0o600;
    if (mode !== want) bad.push(`${relative(root, path) || '.'} ${mode.toString(8)}`);
  };
  check(root);
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true }))
    check(join(e.parentPath, e.name));
  return bad;
}

/** How many entries `notPrivate` looked at (a check of an empty tree proves nothing). */
export function entryCount(root: string): number {
  return readdirSync(root, { recursive: true }).length;
}
