import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { blobKey } from '../src/modules/uploads/uploads.blobs.ts';
import { BackupError, restoreBackup, writeBackup } from '../src/ops/backup.ts';
import { askServer, serveControl } from '../src/ops/control.ts';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { entryCount, notPrivate } from './private-modes.ts';
import { shopTestConfig } from './shop-factories.ts';
import {
  entitledCustomer,
  samplePdf,
  settled,
  startUploadApp,
  stopUploadApp,
  tusClient,
} from './upload-helpers.ts';

/**
 * `npm run backup` / `npm run restore` for the embedded default (ops/backup.ts, ops/control.ts): a backup
 * taken from the running server through its control socket, restored into a fresh DATA_DIR, finds every
 * customer, order, upload (with its files) and case again. On PostgreSQL the backup refuses and names pg_dump.
 */

const onPostgres = process.env.DOSSIER_TEST_DB === 'postgres';
let t: TestApp;
let base = '';
const work = mkdtempSync(join(tmpdir(), 'dossier-backup-'));
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  t = await buildTestApp({ worker: true, config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
  base = await startUploadApp(t, { worker: true });
});
afterAll(async () => {
  await stopUploadApp(t);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('backup on PostgreSQL', () => {
  it('refuses and points at pg_dump and bucket versioning', async () => {
    await expect(writeBackup({ db: t.ctx.db, dataDir: t.dir, target: join(work, 'pg') })).rejects.toThrow(
      /pg_dump/,
    );
  });
});

describe.skipIf(onPostgres)('backup and restore of the embedded default', () => {
  it('backs up the running server through its control socket and restores every row and file', async () => {
    // Real data through the API: two customers with plans (orders), uploads (files) and cases.
    const users = [await entitledCustomer(t, 'USA_EB1A'), await entitledCustomer(t, 'USA_NIW')];
    const uploads: Array<{ customerId: number; id: number }> = [];
    for (const [i, user] of users.entries()) {
      const project = i === 0 ? 'USA_EB1A' : 'USA_NIW';
      const c = await t.app.inject({
        url: `/api/customer/case/?project_code=${project}`,
        headers: user.auth,
      });
      expect(c.statusCode).toBe(200);
      const { upload: u } = await tus.upload(user, `证据 ${i}.pdf`, await samplePdf(2, `backup ${i}`), {
        project,
      });
      await settled(t, user, u!.id);
      uploads.push({ customerId: user.customerId, id: u!.id });
    }

    const control = await serveControl({ db: t.ctx.db, dataDir: t.dir });
    try {
      expect(await askServer(t.dir, { op: 'ping' }, 5_000)).toEqual({ ok: true });
      const target = join(work, 'backup-1');
      const answer = await askServer(t.dir, { op: 'backup', target }, 120_000);
      expect(answer?.ok).toBe(true);
      const manifest = answer?.ok ? answer.manifest! : null;
      expect(manifest!.counts.customers).toBeGreaterThanOrEqual(2);
      expect(manifest!.counts.orders).toBeGreaterThanOrEqual(2);
      expect(manifest!.counts.uploads).toBeGreaterThanOrEqual(2);
      expect(manifest!.counts.cases).toBeGreaterThanOrEqual(2);
      expect(manifest!.files).toBeGreaterThanOrEqual(4);
      // Customers' data: the backup is the server user's alone (issue 27 item 4), whatever this process's umask.
      expect(entryCount(target)).toBeGreaterThanOrEqual(manifest!.files + 3);
      expect(notPrivate(target)).toEqual([]);
      // A second backup into the same directory is refused (nothing is overwritten).
      expect(await askServer(t.dir, { op: 'backup', target }, 120_000)).toMatchObject({
        ok: false,
        error: expect.stringContaining('not empty'),
      });

      // Restore into a fresh data directory and open it as the server would.
      const fresh = join(work, 'restored');
      const { counts } = await restoreBackup({ source: target, dataDir: fresh });
      expect(counts).toEqual(manifest!.counts);
      expect(entryCount(join(fresh, 'db'))).toBeGreaterThan(900);
      expect(notPrivate(fresh)).toEqual([]);
      await expect(restoreBackup({ source: target, dataDir: fresh })).rejects.toBeInstanceOf(BackupError);
      const db = await openDatabase({ pgliteDir: join(fresh, 'db') });
      const storage = new LocalDiskStorage(join(fresh, 'files'));
      try {
        // A write-heavy while: new relation files, WAL segments filled and recycled by checkpoints.
        await db.exec(`CREATE TABLE private_probe AS SELECT g AS n, md5(g::text) AS t FROM generate_series(1, 200000) g;
          CHECKPOINT; UPDATE private_probe SET t = md5(t); CHECKPOINT; DROP TABLE private_probe; CHECKPOINT;`);
        expect(notPrivate(fresh)).toEqual([]);
        for (const user of users) {
          const { rows } = await db.query<{ n: number }>(
            'select count(*)::int as n from shop_order where customer_id = $1',
            [user.customerId],
          );
          expect(rows[0]!.n, `orders of customer ${user.customerId}`).toBeGreaterThanOrEqual(1);
          const cases = await db.query<{ n: number }>(
            'select count(*)::int as n from workbench_case where customer_id = $1',
            [user.customerId],
          );
          expect(cases.rows[0]!.n).toBe(1);
        }
        for (const u of uploads) {
          const { rows } = await db.query<{ sha256: string; pdf_sha256: string; status: string }>(
            'select sha256, pdf_sha256, status from upload where id = $1',
            [u.id],
          );
          expect(rows[0]!.status).toBe('ready');
          for (const sha of [rows[0]!.sha256, rows[0]!.pdf_sha256]) {
            const original = await t.ctx.storage.stat(blobKey(u.customerId, sha));
            expect(await storage.stat(blobKey(u.customerId, sha))).toMatchObject({
              size: original!.size,
              sha256: sha,
            });
          }
        }
      } finally {
        await db.close();
      }
      // Opened and closed by the server's code, the restored database is still private (PGlite writes files 0644).
      expect(notPrivate(fresh)).toEqual([]);
      if (existsSync(join(t.dir, 'secret')))
        expect(readFileSync(join(fresh, 'secret'))).toEqual(readFileSync(join(t.dir, 'secret')));
    } finally {
      control.close();
    }
  }, 180_000);

  it('refuses a directory without a manifest (an incomplete backup)', async () => {
    await expect(restoreBackup({ source: work, dataDir: join(work, 'never') })).rejects.toThrow(/manifest/);
  });
});
