import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';
import { openAdminDatabase } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated, seeded database; each test file loads its own copy. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated, seeded database of this run; each test file works in its own copy of it. */
    postgresTemplate: string;
    /** PostgreSQL: the server's maintenance database (TEST_DATABASE_URL), to create and drop databases from. */
    postgresAdminUrl: string;
  }
}

/**
 * Migrates once per run. PGlite: into a template that every test file clones (a dump loads in well
 * under a second, where migrating from scratch takes several). PostgreSQL: into a fresh database per run,
 * which each test file copies (`CREATE DATABASE … TEMPLATE`, postgresTestUrl in build-test-app.ts), so
 * files running side by side never see each other's rows (decision 0045).
 */
export default async function setup(project: TestProject) {
  // test.env reaches the test workers, not this main-process hook: the project name says which backend.
  if (project.name === 'server-postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('server-postgres project selected without TEST_DATABASE_URL');
    const name = `dossier_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = await openAdminDatabase(base);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
    await migrateAndSeed(db);
    await db.close();
    project.provide('postgresTemplate', name);
    project.provide('postgresAdminUrl', base);
    project.provide('pgliteTemplate', '');
    return async () => {
      // The template and every file's copy of it (named after it).
      const all = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
        [name, `${name}\\_f%`],
      );
      for (const { datname } of all.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.close();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'dossier-template-'));
  const db = await openDatabase({});
  await migrateAndSeed(db);
  const dump = await db.pglite!.dumpDataDir('none');
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', path);
  project.provide('postgresTemplate', '');
  project.provide('postgresAdminUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
