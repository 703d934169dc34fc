import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { createCustomerCache } from './cache/customer-cache.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, notProductionSafe } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrateAndSeed } from './db/migrate.ts';
import { createQueue } from './jobs/queue.ts';
import { startWorkers } from './jobs/register.ts';
import { createLogger } from './logger.ts';
import { createMetrics } from './metrics/metrics.ts';
import { serveWorkerMetrics } from './metrics/worker-server.ts';
import { svgCaptchaGenerator } from './modules/auth/captcha.ts';
import { resolveAuthSecret } from './modules/auth/secret.ts';
import { serveControl } from './ops/control.ts';
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_UMASK } from './ops/private-files.ts';
import { startWorkersWithRetry, type WorkerStart } from './ops/worker-start.ts';
import { warmUpPdfEngine } from './pdf/warm-up.ts';
import { createAssistantProvider } from './providers/assistant/index.ts';
import { createCaseStatusProvider } from './providers/case-status/index.ts';
import { createMailProvider } from './providers/mail/index.ts';
import { createPaymentProviders } from './providers/payment/index.ts';
import { connectRedis } from './providers/redis/redis.ts';
import { createSmsProvider } from './providers/sms/index.ts';
import { createStorage } from './providers/storage/index.ts';
import { useBaselineWasmCompiler } from './wasm-compiler.ts';

/** Process entry: roles come from SERVICES (api, worker; both by default). */
async function main(): Promise<void> {
  useBaselineWasmCompiler();
  // DATA_DIR holds customers' data: what this process creates (files, transfers, sockets, backups) is its user's
  // alone (issue 27 item 4, decision 0051).
  process.umask(PRIVATE_UMASK);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(78);
    }
    throw e;
  }
  const logger = createLogger(config);
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const r = await fn();
    timings[name] = Math.round(performance.now() - t0);
    return r;
  };
  printSafetyBanner(config);
  await timed('private', () => keepDataDirPrivate(config.dataDir, logger));
  // A database that does not answer stops start-up with a message instead of hanging it.
  const db = await timed('database', () =>
    withinStartupWait(
      config,
      'open the database',
      openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: join(config.dataDir, 'db'),
        timeouts: config.database,
      }),
    ),
  );
  await timed('migrations', () => withinStartupWait(config, 'migrate the database', migrateAndSeed(db)));
  const isWorker = config.services.includes('worker');
  const metrics = createMetrics({ processMetrics: true });
  const jobs = createQueue(db, logger, { worker: isWorker, metrics });
  await timed('queue', () => jobs.start());
  const authSecret = resolveAuthSecret(config);
  const ctx: AppContext = {
    config,
    db,
    storage: createStorage(config.storage, config.dataDir),
    jobs,
    clock: systemClock,
    logger,
    sms: createSmsProvider(config.sms, logger),
    mail: await createMailProvider(config.mail, logger),
    captcha: svgCaptchaGenerator,
    authSecret,
    payments: createPaymentProviders(config.payment, { secret: authSecret }),
    redis: config.redisUrl
      ? await timed('redis', () =>
          connectRedis(config.redisUrl!, { timeoutMs: config.redisTimeoutMs }, logger),
        )
      : null,
    metrics,
    caseStatus: createCaseStatusProvider(config.caseStatus, logger),
    assistant: createAssistantProvider(config.assistant, logger),
    // /readyz says so while a failed start of the workers is being retried (below).
    ...(isWorker ? { workerStart: { state: 'starting', failures: 0 } satisfies WorkerStart } : {}),
  };
  ctx.customerCache = await createCustomerCache({ embedded: db.kind === 'pglite', redis: ctx.redis, logger });

  const app = config.services.includes('api')
    ? await timed('app', () => buildApp(ctx, { serveWeb: true }))
    : null;
  if (app) {
    await timed('listen', () => app.listen({ port: config.port, host: config.host }));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    process.stdout.write(`\nDossier is running at http://${shown}:${port}\n\n`);
  }
  // A worker-only process answers /metrics alone on PORT (its job timings live in it).
  const metricsServer =
    !app && config.metricsToken
      ? await serveWorkerMetrics(metrics, config.metricsToken, { port: config.port, host: config.host })
      : null;
  // The embedded database lives in this process: `npm run backup` asks it for a consistent copy (ops/control.ts).
  const control = db.kind === 'pglite' ? await serveControl({ db, dataDir: config.dataDir }) : null;
  logger.info(
    { services: config.services, database: db.kind, dataDir: config.dataDir, startupMs: timings },
    'started',
  );
  let stopping = false;
  const stopWorkerStart = new AbortController();
  // The first petition-letter preview must not pay for loading the PDF engine (fonts, harfbuzz, cold code; issue
  // 13 item 6, decision 0022): warm it once the API listens, off the request path and outside the start-up time.
  // The workers take jobs once it is warm: a new process's first print file or upload check would otherwise pay
  // for it (decisions 0043, 0044); jobs sent meanwhile wait in the queue (or go to a warm worker).
  // A database that drops meanwhile does not end the process: the start is retried while the API serves
  // (ops/worker-start.ts, issue 27 item 7).
  if (app || isWorker) {
    setImmediate(() => {
      warmUpPdfEngine()
        .then(
          (ms) => logger.info({ ms: Math.round(ms) }, 'pdf engine warmed up'),
          (err: unknown) => logger.warn({ err }, 'pdf engine warm-up failed'),
        )
        .then(async () => {
          if (!ctx.workerStart || stopping) return;
          const started = await startWorkersWithRetry({
            jobs,
            start: () => startWorkers(ctx),
            state: ctx.workerStart,
            logger,
            signal: stopWorkerStart.signal,
          });
          if (started) logger.info({ attempts: ctx.workerStart.failures + 1 }, 'workers started');
        })
        .catch((err: unknown) => {
          logger.fatal({ err }, 'workers did not start');
          process.exit(1);
        });
    });
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopWorkerStart.abort();
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 5000);
    force.unref();
    try {
      // Stop accepting, let in-flight requests finish; then let running jobs finish; then the database.
      await app?.close();
      metricsServer?.close();
      control?.close();
      await jobs.stop({ graceful: true, wait: true, close: false, timeout: config.shutdownGraceMs });
      await db.close();
      await ctx.customerCache?.close();
      await ctx.redis?.close();
      ctx.mail.close?.();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * Printed at every start that is not safe for real customers (dev providers, sandbox payments, …), so nobody
 * runs a demo configuration by accident. Production with real providers prints nothing.
 */
function printSafetyBanner(config: ReturnType<typeof loadConfig>): void {
  const lines = notProductionSafe(config);
  if (lines.length === 0) return;
  const bar = '!'.repeat(78);
  process.stdout.write(
    `\n${bar}\n!! NOT PRODUCTION-SAFE — for development and demonstrations only:\n${lines
      .map((l) => `!!   - ${l}`)
      .join('\n')}\n${bar}\n\n`,
  );
}

/**
 * DATA_DIR and everything in it made private (directories 0700, files 0600): what an earlier version, a copy or
 * PGlite left readable by others is corrected at each start. What cannot be changed is logged, not fatal.
 */
async function keepDataDirPrivate(dataDir: string, logger: ReturnType<typeof createLogger>): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const r = await makePrivate(dataDir);
  if (r.changed > 0)
    logger.info({ dataDir, changed: r.changed, entries: r.entries }, 'data directory made private');
  if (r.failures > 0)
    logger.warn(
      { dataDir, failures: r.failures, failed: r.failed },
      'data directory: some entries stay readable by others',
    );
}

/** A start-up failure whose message says everything (printed without a stack trace). */
class StartupError extends Error {}

/** Start-up steps that talk to the database give up after DATABASE_STARTUP_WAIT_SECONDS with a clear message. */
async function withinStartupWait<T>(
  config: ReturnType<typeof loadConfig>,
  what: string,
  work: Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const where = config.databaseUrl ? safeDatabaseAddress(config.databaseUrl) : 'the embedded database';
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new StartupError(
            `could not ${what} at ${where} within ${config.database.startupWaitMs / 1000} s (DATABASE_STARTUP_WAIT_SECONDS): is it running and reachable?`,
          ),
        ),
      config.database.startupWaitMs,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (err) {
    if (err instanceof StartupError || !(err instanceof Error)) throw err;
    throw new StartupError(`could not ${what} at ${where}: ${err.message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** host:port/database of a DATABASE_URL, never its password. */
function safeDatabaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

main().catch((err) => {
  const detail =
    err instanceof StartupError
      ? err.message
      : err instanceof Error
        ? (err.stack ?? err.message)
        : String(err);
  process.stderr.write(`Dossier failed to start: ${detail}\n`);
  process.exit(1);
});
