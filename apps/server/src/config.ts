import { resolve } from 'node:path';
import { z } from 'zod';

const ZServices = z
  .string()
  .default('api,worker')
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(['api', 'worker'])).min(1, 'SERVICES needs at least one of api, worker'));

/** The whole environment the server reads, validated once at start. README lists every variable. */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .refine((u) => /^postgres(ql)?:/.test(u), 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SERVICES: ZServices,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served when present. */
  WEB_DIST: z.string().optional(),
  /** Per-IP budget for the whole API, requests per minute (sensitive calls have their own tighter limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Upload ceiling for a single file, in megabytes. */
  UPLOAD_MAX_MB: z.coerce.number().int().positive().default(50),
  /** Seconds in-flight requests and jobs get to finish after SIGTERM. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().positive().default(20),
});

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  services: ReadonlyArray<'api' | 'worker'>;
  logLevel: string;
  webDist: string;
  rateLimitPerMinute: number;
  uploadMaxBytes: number;
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    services: e.SERVICES,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
  };
}
