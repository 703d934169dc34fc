import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { expect, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { createCustomerCache } from '../src/cache/customer-cache.ts';
import { ManualClock } from '../src/clock.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createQueue } from '../src/jobs/queue.ts';
import { createLogger } from '../src/logger.ts';
import { createMetrics } from '../src/metrics/metrics.ts';
import { type CaptchaGenerator, svgCaptchaGenerator } from '../src/modules/auth/captcha.ts';
import { resolveAuthSecret } from '../src/modules/auth/secret.ts';
import { type CaseStatusProvider, createCaseStatusProvider } from '../src/providers/case-status/index.ts';
import { createMailProvider } from '../src/providers/mail/index.ts';
import { createPaymentProviders } from '../src/providers/payment/index.ts';
import { connectRedis } from '../src/providers/redis/redis.ts';
import { createSmsProvider, type SmsProvider } from '../src/providers/sms/index.ts';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';
import type { Storage } from '../src/providers/storage/storage.ts';
import { openAdminDatabase } from './pg-admin.ts';

export const testBackend = (process.env.DOSSIER_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** Per test file: files of one worker share this module (vitest `isolate: false`, decision 0090). */
const fileDatabaseUrls = new Map<string, Promise<string>>();

/**
 * PostgreSQL: the URL of this test file's own database, a copy of the run's migrated template made on the file's
 * first call. Files run side by side (vitest.config.ts, decision 0045), and a shared database let one file's rows
 * (exchange rates, SMS counts per area code, the case-status quota) change another's answers. Keyed by the
 * running file, not memoised once per module: without isolation a worker's files share this module, and a
 * single memo handed the scheduler's quota rows to the next file of the worker.
 */
export function postgresTestUrl(): Promise<string> {
  const file = expect.getState().testPath ?? '';
  let url = fileDatabaseUrls.get(file);
  if (url) return url;
  url = (async () => {
    const template = inject('postgresTemplate');
    const adminUrl = inject('postgresAdminUrl');
    if (!template || !adminUrl) throw new Error('No PostgreSQL test database was provided by global-setup');
    const name = `${template}_f${randomBytes(4).toString('hex')}`;
    const admin = await openAdminDatabase(adminUrl);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.close();
    }
    const fileUrl = new URL(adminUrl);
    fileUrl.pathname = `/${name}`;
    return fileUrl.toString();
  })();
  fileDatabaseUrls.set(file, url);
  return url;
}

/** A database for one test file: a clone of the migrated PGlite template, or its copy of the PostgreSQL one. */
export async function openTestDatabase(): Promise<Database> {
  if (testBackend === 'postgres') return openDatabase({ databaseUrl: await postgresTestUrl(), poolMax: 4 });
  const templatePath = inject('pgliteTemplate');
  if (!templatePath) throw new Error('No PGlite template was provided by global-setup');
  const template = readFileSync(templatePath);
  return openDatabase({ loadDataDir: new Blob([template]) });
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  dir: string;
  close(): Promise<void>;
}

/**
 * The real app on a real database, for `app.inject`. One per test file (beforeAll); tests create their
 * own unique data instead of truncating.
 */
/** The real svg captcha, remembering the answers it drew so a test can solve one like a person would. */
export class RecordingCaptcha implements CaptchaGenerator {
  readonly answers: string[] = [];
  create() {
    const c = svgCaptchaGenerator.create();
    this.answers.push(c.text);
    return c;
  }
  get last(): string {
    return this.answers[this.answers.length - 1] ?? '';
  }
}

export async function buildTestApp(
  opts: BuildOptions & {
    config?: Partial<Config>;
    worker?: boolean;
    sms?: SmsProvider;
    /** The case status provider (default: from config.caseStatus, i.e. null: off). */
    caseStatus?: CaseStatusProvider | null;
    captcha?: CaptchaGenerator;
    /** A database opened by the test (e.g. through a fault-injecting proxy); closed with the app. */
    db?: Database;
    /** The object store (default: the local disk under the test's directory). */
    storage?: Storage;
    /** Where the app's JSON log lines go (level info); unset: TEST_LOG_LEVEL (default silent) to stdout. */
    logDestination?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-test-'));
  const db = opts.db ?? (await openTestDatabase());
  const logger = createLogger(
    { logLevel: opts.logDestination ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent') },
    opts.logDestination,
  );
  const metrics = createMetrics();
  // OCR off unless a test asks for it (decision 0085): its own test turns it on; elsewhere a scanned page would cost
  // seconds of Tesseract in both database projects without changing what the test checks.
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, OCR_MAX_PAGES: '0' }),
    ...opts.config,
  };
  const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
  const authSecret = resolveAuthSecret(config);
  const ctx: AppContext = {
    config,
    db,
    storage: opts.storage ?? new LocalDiskStorage(join(dir, 'files')),
    // Its own pg-boss schema: on PostgreSQL the suites share one database, and a worker of one suite must not take
    // another suite's jobs (it would look for their files in its own storage directory).
    jobs: createQueue(db, logger, {
      worker: opts.worker ?? false,
      schema: `pgboss_${randomBytes(6).toString('hex')}`,
      metrics,
    }),
    clock,
    logger,
    sms: opts.sms ?? createSmsProvider(config.sms, logger),
    mail: await createMailProvider(config.mail, logger),
    captcha: opts.captcha ?? new RecordingCaptcha(),
    authSecret,
    payments: createPaymentProviders(config.payment, { secret: authSecret }),
    redis: config.redisUrl
      ? await connectRedis(config.redisUrl, { timeoutMs: config.redisTimeoutMs }, logger)
      : null,
    metrics,
    caseStatus:
      opts.caseStatus !== undefined ? opts.caseStatus : createCaseStatusProvider(config.caseStatus, logger),
  };
  ctx.customerCache = await createCustomerCache({ embedded: db.kind === 'pglite', redis: ctx.redis, logger });
  const app = await buildApp(ctx, opts);
  return {
    app,
    ctx,
    clock,
    dir,
    async close() {
      await app.close();
      await db.close();
      await ctx.customerCache?.close();
      await ctx.redis?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
