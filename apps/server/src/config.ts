import { resolve } from 'node:path';
import { SMS_DAILY_CAP_PER_PHONE } from '@dossier/contract';
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

const SMS_PROVIDERS = ['console', 'aliyun', 'twilio'] as const;
const ZSmsProviders = z
  .string()
  .default('console')
  .transform((s) =>
    s
      .split(/[+,]/)
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(SMS_PROVIDERS)).min(1, 'SMS_PROVIDER: console, aliyun, twilio or aliyun+twilio'));

/**
 * Consumer mail services refused for e-mail binding (spec §5). QQ Mail (also reached as foxmail.com) is
 * the one that silently drops or delays mail from US senders; see docs/decisions/0006-accounts.md.
 */
export const DEFAULT_REFUSED_EMAIL_DOMAINS = 'qq.com,vip.qq.com,foxmail.com';

/** The whole environment the server reads, validated once at start. README lists every variable. */
const ZEnvObject = z.object({
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
  /** Signs access tokens (HMAC-SHA256). Unset: a random secret kept in DATA_DIR/secret. */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET needs at least 32 characters').optional(),
  /** `image` (default) or `test`: any answer is accepted — automated journeys only, refused in production. */
  CAPTCHA_MODE: z.enum(['image', 'test']).default('image'),
  /** Per-IP budget per minute of each captcha, SMS and login call. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Shared rate-limit counters for several API nodes. */
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:/.test(u), 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  SMS_PROVIDER: ZSmsProviders,
  SMS_DAILY_CAP_PER_PHONE: z.coerce.number().int().positive().default(SMS_DAILY_CAP_PER_PHONE),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  MAIL_PROVIDER: z.enum(['console', 'smtp']).default('console'),
  /** nodemailer URL, e.g. smtps://user:pass@smtp.example.com:465 */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Dossier <no-reply@localhost>'),
  /** Comma-separated mail domains refused for e-mail binding; empty refuses none. */
  REFUSED_EMAIL_DOMAINS: z.string().default(DEFAULT_REFUSED_EMAIL_DOMAINS),
});

const required = (names: string[], when: string) => (e: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const n of names) {
    if (!e[n]) ctx.addIssue({ code: 'custom', path: [n], message: `${n} is required ${when}` });
  }
};

export const ZEnv = ZEnvObject.superRefine((e, ctx) => {
  if (e.CAPTCHA_MODE === 'test' && e.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['CAPTCHA_MODE'],
      message: 'CAPTCHA_MODE=test accepts any captcha answer and is refused when NODE_ENV=production',
    });
  }
  if (e.DATABASE_URL && e.SERVICES.includes('api') && !e.AUTH_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_SECRET'],
      message:
        'AUTH_SECRET is required with DATABASE_URL: several API nodes must sign and verify tokens with the same secret (the generated DATA_DIR/secret is per machine)',
    });
  }
  if (e.SMS_PROVIDER.includes('aliyun')) {
    required(
      [
        'ALIYUN_ACCESS_KEY_ID',
        'ALIYUN_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ],
      'with SMS_PROVIDER=aliyun',
    )(e, ctx);
  }
  if (e.SMS_PROVIDER.includes('twilio')) {
    required(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'], 'with SMS_PROVIDER=twilio')(e, ctx);
  }
  if (e.SMS_PROVIDER.includes('console') && e.SMS_PROVIDER.length > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message: 'console cannot be combined with a real provider',
    });
  }
  if (e.MAIL_PROVIDER === 'smtp') required(['SMTP_URL'], 'with MAIL_PROVIDER=smtp')(e, ctx);
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
  authSecret: string | undefined;
  captchaMode: 'image' | 'test';
  authRateLimitPerMinute: number;
  redisUrl: string | undefined;
  sms: SmsConfig;
  mail: MailConfig;
  refusedEmailDomains: string[];
}

export interface SmsConfig {
  providers: ReadonlyArray<'console' | 'aliyun' | 'twilio'>;
  dailyCapPerPhone: number;
  aliyun: {
    accessKeyId: string;
    accessKeySecret: string;
    signName: string;
    templateCode: string;
    endpoint: string;
  };
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string };
}

export interface MailConfig {
  provider: 'console' | 'smtp';
  smtpUrl: string | undefined;
  from: string;
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
    authSecret: e.AUTH_SECRET,
    captchaMode: e.CAPTCHA_MODE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    sms: {
      providers: e.SMS_PROVIDER,
      dailyCapPerPhone: e.SMS_DAILY_CAP_PER_PHONE,
      aliyun: {
        accessKeyId: e.ALIYUN_ACCESS_KEY_ID ?? '',
        accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET ?? '',
        signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
        templateCode: e.ALIYUN_SMS_TEMPLATE_CODE ?? '',
        endpoint: e.ALIYUN_SMS_ENDPOINT,
      },
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID ?? '',
        authToken: e.TWILIO_AUTH_TOKEN ?? '',
        from: e.TWILIO_FROM ?? '',
        baseUrl: e.TWILIO_BASE_URL,
      },
    },
    mail: { provider: e.MAIL_PROVIDER, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    refusedEmailDomains: e.REFUSED_EMAIL_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
  };
}
