import { join } from 'node:path';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrateAndSeed } from './db/migrate.ts';
import { createQueue } from './jobs/queue.ts';
import { startWorkers } from './jobs/register.ts';
import { createLogger } from './logger.ts';
import { svgCaptchaGenerator } from './modules/auth/captcha.ts';
import { resolveAuthSecret } from './modules/auth/secret.ts';
import { createMailProvider } from './providers/mail/index.ts';
import { createPaymentProviders } from './providers/payment/index.ts';
import { createSmsProvider } from './providers/sms/index.ts';
import { LocalDiskStorage } from './providers/storage/local-disk.ts';

/** Process entry: roles come from SERVICES (api, worker; both by default). */
async function main(): Promise<void> {
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
  const db = await timed('database', () =>
    openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'db') }),
  );
  await timed('migrations', () => migrateAndSeed(db));
  const isWorker = config.services.includes('worker');
  const jobs = createQueue(db, logger, { worker: isWorker });
  await timed('queue', () => jobs.start());
  const authSecret = resolveAuthSecret(config);
  const ctx: AppContext = {
    config,
    db,
    storage: new LocalDiskStorage(join(config.dataDir, 'files')),
    jobs,
    clock: systemClock,
    logger,
    sms: createSmsProvider(config.sms, logger),
    mail: await createMailProvider(config.mail, logger),
    captcha: svgCaptchaGenerator,
    authSecret,
    payments: createPaymentProviders(config.payment, { secret: authSecret }),
  };
  if (isWorker) await timed('workers', () => startWorkers(ctx));

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
  logger.info(
    { services: config.services, database: db.kind, dataDir: config.dataDir, startupMs: timings },
    'started',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 5000);
    force.unref();
    try {
      // Stop accepting, let in-flight requests finish; then let running jobs finish; then the database.
      await app?.close();
      await jobs.stop({ graceful: true, wait: true, close: false, timeout: config.shutdownGraceMs });
      await db.close();
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

main().catch((err) => {
  process.stderr.write(
    `Dossier failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
