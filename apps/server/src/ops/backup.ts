import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/client.ts';
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * Backups of the embedded default (PGlite + files under DATA_DIR), issue 17 item 4. A backup directory holds
 * `database.tar.gz` (PGlite's own dump of its data directory), `files/` (the object store, without
 * interrupted writes), `secret` (the generated token secret, when there is one) and `manifest.json`, written
 * last: a directory without it is an incomplete backup and is refused by restore.
 *
 * Consistency while the server runs: the dump is taken inside the server process (ops/control.ts), where
 * PGlite runs one statement at a time, so it is a snapshot. The files are copied right after it. Blobs are
 * content-addressed and written before the row that references them, and removed only after their row is
 * deleted, so every file a row of the dump references is still there when the copy runs — unless the row was
 * deleted in the moments between; the restore reports such a missing file by name (`missingFiles`).
 * PostgreSQL deployments use pg_dump and bucket versioning instead (README "Beyond one machine").
 *
 * A backup holds customers' data: its directory is 0700 and its files 0600, and so is a restored DATA_DIR,
 * whatever the umask of the process that wrote them (issue 27 item 4, ops/private-files.ts).
 */

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  database: 'pglite';
  /** Rows at the time of the dump (what a restore must find again). */
  counts: Record<'customers' | 'orders' | 'uploads' | 'cases', number>;
  files: number;
  file_bytes: number;
}

export class BackupError extends Error {}

const COUNTED = {
  customers: 'customer',
  orders: 'shop_order',
  uploads: 'upload',
  cases: 'workbench_case',
} as const;

async function countRows(db: Database): Promise<BackupManifest['counts']> {
  const out = {} as BackupManifest['counts'];
  for (const [k, table] of Object.entries(COUNTED) as [keyof typeof COUNTED, string][]) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
    out[k] = rows[0]?.n ?? 0;
  }
  return out;
}

/** Files and bytes under a directory (recursively). */
async function tally(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    files++;
    bytes += (await stat(join(e.parentPath, e.name))).size;
  }
  return { files, bytes };
}

async function assertEmptyTarget(target: string): Promise<void> {
  await mkdir(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((await readdir(target)).length > 0)
    throw new BackupError(`${target} is not empty: choose a new directory`);
  // An empty directory made beforehand (by hand, with the usual 0755) becomes the backup's: private.
  await chmod(target, PRIVATE_DIR_MODE);
}

/** Writes a backup of the embedded database and files into `target` (a new or empty directory). */
export async function writeBackup(opts: {
  db: Database;
  dataDir: string;
  target: string;
}): Promise<BackupManifest> {
  if (opts.db.kind !== 'pglite' || !opts.db.pglite)
    throw new BackupError(
      'This deployment runs on PostgreSQL: back it up with pg_dump and bucket versioning (README)',
    );
  await assertEmptyTarget(opts.target);
  const counts = await countRows(opts.db);
  const dump = await opts.db.pglite.dumpDataDir('gzip');
  await writeFile(join(opts.target, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()), {
    mode: PRIVATE_FILE_MODE,
  });
  const files = join(opts.dataDir, 'files');
  if (existsSync(files)) {
    await cp(files, join(opts.target, 'files'), {
      recursive: true,
      filter: (src) => !src.startsWith(join(files, '.tmp')),
    });
  }
  if (existsSync(join(opts.dataDir, 'secret')))
    await cp(join(opts.dataDir, 'secret'), join(opts.target, 'secret'));
  // Copies keep their source's mode: files written before DATA_DIR was kept private would be readable here.
  await makePrivate(opts.target);
  const { files: n, bytes } = await tally(join(opts.target, 'files'));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    database: 'pglite',
    counts,
    files: n,
    file_bytes: bytes,
  };
  const tmp = join(opts.target, 'manifest.json.tmp');
  await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  await rename(tmp, join(opts.target, 'manifest.json'));
  return manifest;
}

export async function readManifest(source: string): Promise<BackupManifest> {
  const path = join(source, 'manifest.json');
  if (!existsSync(path))
    throw new BackupError(`${source} has no manifest.json: not a backup, or an incomplete one`);
  const manifest = JSON.parse(await readFile(path, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${source}: backup format ${manifest.format} is not supported`);
  return manifest;
}

/**
 * Restores a backup into a fresh DATA_DIR (no database there yet; the server stopped). Returns the manifest
 * and the rows found again, so the caller can compare them.
 */
export async function restoreBackup(opts: {
  source: string;
  dataDir: string;
}): Promise<{ manifest: BackupManifest; counts: BackupManifest['counts'] }> {
  const manifest = await readManifest(opts.source);
  const dbDir = join(opts.dataDir, 'db');
  if (existsSync(join(dbDir, 'PG_VERSION')))
    throw new BackupError(`${opts.dataDir} already holds a database: restore into a new DATA_DIR`);
  await mkdir(dbDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { PGlite } = await import('@electric-sql/pglite');
  const dump = new Blob([await readFile(join(opts.source, 'database.tar.gz'))]);
  const pg = new PGlite({ dataDir: dbDir, loadDataDir: dump });
  await pg.waitReady;
  const counts = {} as BackupManifest['counts'];
  try {
    for (const [k, table] of Object.entries(COUNTED) as [keyof typeof COUNTED, string][]) {
      const { rows } = await pg.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
      counts[k] = rows[0]?.n ?? 0;
    }
  } finally {
    await pg.close();
  }
  if (existsSync(join(opts.source, 'files')))
    await cp(join(opts.source, 'files'), join(opts.dataDir, 'files'), { recursive: true });
  if (existsSync(join(opts.source, 'secret')))
    await cp(join(opts.source, 'secret'), join(opts.dataDir, 'secret'));
  // PGlite unpacks the dump's files 0666; the copies keep the backup's modes.
  await makePrivate(opts.dataDir);
  return { manifest, counts };
}
