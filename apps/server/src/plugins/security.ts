import { ErrorCode } from '@dossier/contract';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

/** Security headers, the global per-IP rate limit and upload limits. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only meaningful behind HTTPS; harmless otherwise.
    strictTransportSecurity: config.nodeEnv === 'production',
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The budget is for API calls: the SPA and its hashed assets (about 20 requests a page load) and the
    // orchestrator's health probes are not counted.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: () => new AppError(429, ErrorCode.rateLimited),
    // Several API nodes share their counters in Redis; one node counts in memory.
    ...(redis ? { redis, nameSpace: 'dossier-rl:', skipOnError: true } : {}),
  });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 50, fieldSize: 1024 * 1024, parts: 100 },
    throwFileSizeLimit: true,
  });
}

async function connectRedis(url: string) {
  const { Redis } = await import('ioredis');
  // Fail fast: with skipOnError a Redis outage lets requests through instead of hanging them.
  return new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
}
