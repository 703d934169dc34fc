import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The shared Redis (REDIS_URL) of several API nodes. Every command is bounded by REDIS_TIMEOUT_MS and nothing
 * queues while the connection is down, so a Redis that refuses or stops answering costs a request at most one
 * timeout; callers fall back (see plugins/rate-limit-store.ts) instead of hanging or failing open.
 */
export interface RedisHandle {
  client: Redis;
  /** False after a failed command until one succeeds again. */
  readonly healthy: boolean;
  /** Marks the outcome of a command (the first failure and the recovery are logged once each). */
  report(ok: boolean, err?: unknown): void;
  /** PING within the command timeout; never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function connectRedis(
  url: string,
  opts: { timeoutMs: number },
  logger: FastifyBaseLogger,
): Promise<RedisHandle> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: opts.timeoutMs,
    connectTimeout: Math.max(1000, opts.timeoutMs * 4),
    // Keep reconnecting in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let healthy = true;
  const report = (ok: boolean, err?: unknown) => {
    if (ok && !healthy) {
      healthy = true;
      logger.info('Redis answers again: rate limits are shared across nodes again');
    } else if (!ok && healthy) {
      healthy = false;
      logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'Redis unavailable: rate limits count in this process until it answers again',
      );
    }
  };
  // ioredis reports connection trouble as events; without a listener they would crash the process.
  client.on('error', (err) => report(false, err));
  client.on('ready', () => report(true));
  // Start-up waits briefly for the connection; a Redis that is down does not stop the API from starting.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(1000, opts.timeoutMs * 4));
    client.once('ready', done);
  });
  return {
    client,
    get healthy() {
      return healthy;
    },
    report,
    async ping() {
      try {
        await client.ping();
        report(true);
        return true;
      } catch (err) {
        report(false, err);
        return false;
      }
    },
    async close() {
      client.disconnect();
    },
  };
}
