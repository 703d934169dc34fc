import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { appliedMigrationCount, expectedMigrationCount, migrateAndSeed } from '../src/db/migrate.ts';
import { openTestDatabase, testBackend } from './build-test-app.ts';
import { openAdminDatabase } from './pg-admin.ts';

describe.runIf(testBackend === 'postgres')('migrations on PostgreSQL', () => {
  it('two processes migrating a fresh database at once both succeed, once', async () => {
    const base = inject('postgresAdminUrl');
    const admin = await openAdminDatabase(base);
    const name = `dossier_mig_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const a = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
    const b = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
    try {
      await Promise.all([migrateAndSeed(a), migrateAndSeed(b)]);
      expect(await appliedMigrationCount(a)).toBe(expectedMigrationCount());
      const n = await a.query<{ n: string }>('SELECT count(*) AS n FROM area_code');
      expect(Number(n.rows[0]!.n)).toBeGreaterThanOrEqual(200);
      // Running again is a no-op.
      await migrateAndSeed(a);
      expect(await appliedMigrationCount(a)).toBe(expectedMigrationCount());
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  });
});

describe.runIf(testBackend === 'pglite')('migrations on PGlite', () => {
  it('re-seeds the reference lists only when their data files changed', async () => {
    const db = await openTestDatabase();
    try {
      await db.exec(`UPDATE area_code SET name_en = 'Tampered' WHERE area_code = '86'`);
      await migrateAndSeed(db);
      // Same data version: the seed is skipped, the row stays as it is.
      expect(
        (await db.query<{ name_en: string }>(`SELECT name_en FROM area_code WHERE area_code = '86'`)).rows[0]!
          .name_en,
      ).toBe('Tampered');
      // Another version recorded (as after a data-file fix): the lists are upserted again.
      await db.exec(`UPDATE app_meta SET value = 'older' WHERE key = 'seed.reference'`);
      await migrateAndSeed(db);
      expect(
        (await db.query<{ name_en: string }>(`SELECT name_en FROM area_code WHERE area_code = '86'`)).rows[0]!
          .name_en,
      ).toBe('China');
    } finally {
      await db.close();
    }
  });

  it('re-running migrations and seeds on a migrated database changes nothing', async () => {
    const db = await openTestDatabase();
    try {
      const before = await db.query<{ n: string }>('SELECT count(*) AS n FROM area_code');
      await migrateAndSeed(db);
      const after = await db.query<{ n: string }>('SELECT count(*) AS n FROM area_code');
      expect(after.rows[0]!.n).toEqual(before.rows[0]!.n);
      expect(await appliedMigrationCount(db)).toBe(expectedMigrationCount());
    } finally {
      await db.close();
    }
  });
});
