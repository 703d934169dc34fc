import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { expectedMigrationCount } from '../src/db/migrate.ts';
import { buildTestApp, openTestDatabase, type TestApp, testBackend } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('/healthz answers while the process runs', async () => {
    const r = await t.app.inject({ url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 when the database answers and every migration is applied', async () => {
    const r = await t.app.inject({ url: '/readyz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      status: 'ready',
      database: testBackend,
      migrations: expectedMigrationCount(),
      redis: 'off',
    });
  });

  it('/readyz is 503 with the reason while the worker role has not started, 200 once it has', async () => {
    const workerStart = {
      state: 'starting' as const,
      failures: 2,
      lastError: '57P01',
      retryAt: Date.now() + 60_000,
    };
    const app = await buildApp({ ...t.ctx, workerStart });
    try {
      const r = await app.inject({ url: '/readyz', headers: { Language: 'zh' } });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({
        code: 'not_ready',
        msg: '服务尚未就绪',
        reason: expect.stringMatching(/^workers: starting \(retry 3 in \d+ s: 57P01\)$/),
      });
      Object.assign(workerStart, { state: 'started' });
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it.runIf(testBackend === 'pglite')('/readyz is 503 on a database without migrations', async () => {
    // A clone of the template whose migration bookkeeping is gone looks like a never-migrated database.
    const empty = await openTestDatabase();
    await empty.exec('DROP SCHEMA drizzle CASCADE');
    const app = await buildApp({ ...t.ctx, db: empty });
    try {
      const r = await app.inject({ url: '/readyz', headers: { Language: 'en' } });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({
        code: 'not_ready',
        msg: 'The service is not ready yet',
        reason: expect.stringMatching(/^(migrations 0\/\d+|database: 42P01)$/),
      });
    } finally {
      await app.close();
      await empty.close();
    }
  });
});
