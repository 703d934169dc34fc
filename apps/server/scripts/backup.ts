// `npm run backup -- <dir>` and `npm run restore -- <dir>` for the embedded default (decision 0030).
// Backup: asks the running server (control socket) for a consistent copy, or opens the database itself when
// no server runs. Restore: into a fresh DATA_DIR, with the server stopped. Reads DATA_DIR like the server.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { BackupError, restoreBackup, writeBackup } from '../src/ops/backup.ts';
import { askServer } from '../src/ops/control.ts';
import { PRIVATE_UMASK } from '../src/ops/private-files.ts';

// A backup and a restored DATA_DIR hold customers' data: what this script creates is its user's alone (as the
// server's, decision 0051); ops/backup.ts makes the copies private too.
process.umask(PRIVATE_UMASK);
const [command, dirArg] = process.argv.slice(2);
const fail = (msg: string): never => {
  process.stderr.write(`${msg}\n`);
  process.exit(1);
};
if (!dirArg || (command !== 'backup' && command !== 'restore'))
  fail('Usage: npm run backup -- <new directory>   |   npm run restore -- <backup directory>');
const dir = resolve(dirArg!);
const config = loadConfig();
if (config.databaseUrl)
  fail('DATABASE_URL is set: back PostgreSQL up with pg_dump (README "Beyond one machine")');

try {
  if (command === 'backup') {
    const answer = await askServer(config.dataDir, { op: 'backup', target: dir }, 30 * 60_000);
    let manifest = answer?.ok ? answer.manifest : undefined;
    if (answer && !answer.ok) fail(`Backup refused: ${answer.error}`);
    if (!answer && !existsSync(resolve(config.dataDir, 'db', 'PG_VERSION')))
      fail(`No database at ${config.dataDir} (DATA_DIR): nothing to back up`);
    if (!answer) {
      // No server running: open the database here (the data-directory lock keeps a server from starting meanwhile).
      const db = await openDatabase({ pgliteDir: resolve(config.dataDir, 'db') });
      try {
        manifest = await writeBackup({ db, dataDir: config.dataDir, target: dir });
      } finally {
        await db.close();
      }
    }
    process.stdout.write(`Backup written to ${dir}\n${JSON.stringify(manifest, null, 2)}\n`);
  } else {
    if (await askServer(config.dataDir, { op: 'ping' }, 5_000))
      fail(`A server is running on ${config.dataDir}: stop it first, or restore into another DATA_DIR`);
    const { manifest, counts } = await restoreBackup({ source: dir, dataDir: config.dataDir });
    process.stdout.write(`Restored ${dir} into ${config.dataDir}\n`);
    for (const [k, n] of Object.entries(manifest.counts))
      process.stdout.write(`  ${k}: ${counts[k as keyof typeof counts]} (backup: ${n})\n`);
  }
} catch (e) {
  fail(e instanceof BackupError ? e.message : `Failed: ${(e as Error).stack ?? e}`);
}
