import { resolve } from 'node:path';
import {
  SMS_CODE_FAILURES_PER_IP,
  SMS_DAILY_CAP_PER_PHONE,
  SMS_HOURLY_CAP_PER_AREA_CODE,
} from '@dossier/contract';
import { z } from 'zod';
import type { S3StorageOptions } from './providers/storage/s3.ts';

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

/**
 * TRUST_PROXY: unset/`false` = trust no proxy (the socket address is the client); a hop count (`1` = one
 * reverse proxy in front); or a comma-separated list of proxy addresses/CIDRs. `true` (trust every hop) is
 * refused: any client could then choose its own address with X-Forwarded-For and escape every per-IP limit.
 */
const ZTrustProxy = z
  .string()
  .default('false')
  .transform((s, ctx): false | number | string[] => {
    const v = s.trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: at most 10 hops' });
      return hops;
    }
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe any X-Forwarded-For a client sends: give the number of proxies in front (e.g. 1) or their addresses/CIDRs',
      });
      return false;
    }
    const list = v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = list.filter((p) => !/^[\d.]+(\/\d{1,2})?$|^[\da-fA-F:]+(\/\d{1,3})?$/.test(p));
    if (bad.length)
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: not an address or CIDR: ${bad.join(', ')}` });
    return list;
  });

const ms = (def: number, min = 1) => z.coerce.number().int().min(min).default(def);

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
  /** What one case (customer × project) may hold in uploads, in megabytes (transfers in progress count too). */
  UPLOAD_QUOTA_PER_CASE_MB: z.coerce.number().int().positive().default(2048),
  /** Longest the normaliser may work on one file before it is refused as too slow to process. */
  UPLOAD_NORMALISE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // OCR at the upload check for pages without a text layer (issue 33 item 1, decision 0085): Tesseract and
  // poppler's pdftoppm from the system; a binary missing = those pages' text absent ('ocr_unavailable').
  /** Longest one page's rasterising + OCR may take before its process is killed and the page skipped. */
  OCR_PAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Pages OCR'd per upload at most (0: OCR off); the rest keep no text ('none'). */
  OCR_MAX_PAGES: z.coerce.number().int().min(0).max(2000).default(60),
  OCR_TESSERACT_BIN: z.string().min(1).max(500).default('tesseract'),
  OCR_PDFTOPPM_BIN: z.string().min(1).max(500).default('pdftoppm'),
  /** Tesseract's languages (Debian tesseract-ocr-eng, tesseract-ocr-chi-sim). */
  OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z_]{3,20}(\+[a-z_]{3,20}){0,5}$/)
    .default('eng+chi_sim'),
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
  /** Longest wait for one Redis command; past it the limits count in this process until Redis answers again. */
  REDIS_TIMEOUT_MS: ms(250, 10),
  /** Which proxies to believe for the client address (see ZTrustProxy). */
  TRUST_PROXY: ZTrustProxy,
  // PostgreSQL (DATABASE_URL): every call is bounded so a stalled database answers 503 instead of hanging.
  /** Opening a connection (TCP + authentication), and waiting for a free one in the pool. */
  DATABASE_CONNECT_TIMEOUT_MS: ms(5000, 100),
  /** One statement: the server cancels it, and the client gives up shortly after if no answer arrives. */
  DATABASE_STATEMENT_TIMEOUT_MS: ms(15_000, 100),
  /** A transaction left idle (a stuck request) is ended by the server after this. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(30_000, 100),
  /** How long start-up waits for the database before it stops with a clear message. */
  DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * A demonstration deployment with NODE_ENV=production may use the console SMS and mail providers (which show
   * codes on screen) and the sandbox payments (orders paid without money). Never on a real deployment.
   */
  INSECURE_DEMO_MODE: z.enum(['true', 'false']).default('false'),
  SMS_PROVIDER: ZSmsProviders,
  SMS_DAILY_CAP_PER_PHONE: z.coerce.number().int().positive().default(SMS_DAILY_CAP_PER_PHONE),
  /** `true`: case status changes and RFE reminders also go by SMS where the provider sends free text (decision 0079). */
  SMS_FILING_NOTICES: z.enum(['true', 'false']).default('false'),
  /** Codes sent to one calling code in a rolling hour (SMS pumping to premium-rate ranges). */
  SMS_HOURLY_CAP_PER_AREA_CODE: z.coerce.number().int().positive().default(SMS_HOURLY_CAP_PER_AREA_CODE),
  /** Wrong SMS codes from one IP in 15 minutes before that IP must wait (raise it behind carrier NAT). */
  SMS_CODE_FAILURES_PER_IP: z.coerce.number().int().positive().default(SMS_CODE_FAILURES_PER_IP),
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
  // USCIS case status (issue 32, decision 0078): `off` (default) polls nothing; `console` plays a scripted timeline.
  CASE_STATUS_PROVIDER: z.enum(['off', 'console', 'torch']).default('off'),
  /** developer.uscis.gov environment: sandbox (api-int.uscis.gov) or production (api.uscis.gov). */
  TORCH_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides the TORCH_ENV base URL (tests: a fake server on loopback). */
  TORCH_BASE_URL: z.string().url().optional(),
  TORCH_CLIENT_ID: z.string().optional(),
  TORCH_CLIENT_SECRET: z.string().optional(),
  /** Longest wait for one case status call (token included). */
  CASE_STATUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Calls to USCIS per second, all customers together (the API's production limit: 10). */
  CASE_STATUS_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
  /** Calls to USCIS per day, all customers together (the API's production limit: 10,000). */
  CASE_STATUS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** How often the case status scheduler runs. */
  CASE_STATUS_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A receipt is not asked again sooner than this. */
  CASE_STATUS_REPOLL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(21_600),
  // The writing assistant (issue 33, decision 0083): off unless configured; `openai` speaks any OpenAI-compatible
  // chat-completions endpoint; `console` is a development model in the process (refused in production).
  ASSISTANT_PROVIDER: z.enum(['off', 'openai', 'console']).default('off'),
  /** The endpoint's base URL, e.g. https://api.deepseek.com/v1, https://dashscope.aliyuncs.com/compatible-mode/v1. */
  ASSISTANT_BASE_URL: z.string().url().optional(),
  ASSISTANT_API_KEY: z.string().optional(),
  ASSISTANT_MODEL: z.string().max(200).optional(),
  /** The provider's name as the consent screen shows it ("DeepSeek", "OpenAI", "Qwen"). */
  ASSISTANT_NAME: z.string().max(100).optional(),
  /** Longest one request may take, stream included. */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
  /** Longest silence between two streamed chunks (a stall). */
  ASSISTANT_IDLE_TIMEOUT_MS: z.coerce.number().int().min(200).max(300_000).default(20_000),
  /** The reply's token cap per request. */
  ASSISTANT_MAX_TOKENS: z.coerce.number().int().min(64).max(32_000).default(4000),
  /** Per customer per UTC day. */
  ASSISTANT_DAILY_TOKENS: z.coerce.number().int().min(0).max(100_000_000).default(60_000),
  ASSISTANT_DAILY_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(40),
  /** All customers together per UTC day. */
  ASSISTANT_DAILY_BUDGET_TOKENS: z.coerce.number().int().min(0).max(2_000_000_000).default(3_000_000),
  // Payments (issue 5): `sandbox` is the embedded default of both methods; refused in production unless allowed.
  PAYMENT_ONLINE_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  PAYMENT_WALLET_PROVIDER: z.enum(['sandbox', 'alipay']).default('sandbox'),
  /** Absolute origin of this site, for provider return and notification URLs. */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .refine((u) => /^https?:/.test(u), 'PUBLIC_BASE_URL must be an http(s) URL')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .refine((k) => /^(sk|rk)_/.test(k), 'STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .refine((k) => k.startsWith('whsec_'), 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  // Shop (issue 5).
  /** Minutes an unpaid order stays payable before it is cancelled as expired. */
  ORDER_UNPAID_TTL_MINUTES: z.coerce.number().int().positive().default(1440),
  /** Bank/corporate transfer details shown to customers. The defaults are DEMO values, not a real account. */
  BANK_ACCOUNT_NAME: z.string().default('DEMO ACCOUNT – Dossier Demo Co., Ltd.'),
  BANK_NAME: z.string().default('DEMO BANK (not a real account)'),
  BANK_ACCOUNT_NUMBER: z.string().default('0000 0000 0000 0000 (DEMO)'),
  BANK_BRANCH: z.string().default('Demo Branch'),
  BANK_SWIFT: z.string().default('DEMOCNXX'),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().optional(),
  // Object storage (issue 17): the local disk (DATA_DIR/files) or an S3-compatible store (providers/storage/s3.ts).
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** e.g. https://oss-cn-hangzhou.aliyuncs.com, https://<account>.r2.cloudflarestorage.com; unset: AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (MinIO and most self-hosted stores); virtual-hosted style otherwise. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Prepended to every object key, e.g. `dossier/` (several deployments in one bucket). */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_][A-Za-z0-9._-]*\/)*$/, 'S3_PREFIX: folder names ending in "/" (or empty)')
    .default(''),
  S3_TIMEOUT_MS: ms(30_000, 100),
});

/** The shortest METRICS_TOKEN a production start accepts (a guessable token exposes the metrics). */
export const METRICS_TOKEN_MIN_LENGTH = 24;

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
  if (e.STORAGE === 's3')
    required(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'with STORAGE=s3')(e, ctx);
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
  if (e.CASE_STATUS_PROVIDER === 'torch')
    required(['TORCH_CLIENT_ID', 'TORCH_CLIENT_SECRET'], 'with CASE_STATUS_PROVIDER=torch')(e, ctx);
  // A local Ollama or vLLM needs no key: only the endpoint and the model are required.
  if (e.ASSISTANT_PROVIDER === 'openai')
    required(['ASSISTANT_BASE_URL', 'ASSISTANT_MODEL'], 'with ASSISTANT_PROVIDER=openai')(e, ctx);
  if (e.PAYMENT_ONLINE_PROVIDER === 'stripe') {
    required(
      ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_BASE_URL'],
      'with PAYMENT_ONLINE_PROVIDER=stripe',
    )(e, ctx);
  }
  if (e.PAYMENT_WALLET_PROVIDER === 'alipay') {
    required(
      ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'PUBLIC_BASE_URL'],
      'with PAYMENT_WALLET_PROVIDER=alipay',
    )(e, ctx);
  }
  if (e.METRICS_TOKEN && e.NODE_ENV === 'production' && e.METRICS_TOKEN.length < METRICS_TOKEN_MIN_LENGTH) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message: `METRICS_TOKEN needs at least ${METRICS_TOKEN_MIN_LENGTH} characters when NODE_ENV=production (e.g. openssl rand -hex 24)`,
    });
  }
  if (e.NODE_ENV === 'production' && e.INSECURE_DEMO_MODE !== 'true') {
    // Production fails closed: every dev provider is refused by name, with what to set instead.
    for (const issue of unsafeInProduction(e)) ctx.addIssue({ code: 'custom', ...issue });
  }
});

/** The dev/sandbox choices a real deployment must not run with, each with the variable to change. */
function unsafeInProduction(e: z.infer<typeof ZEnvObject>): Array<{ path: string[]; message: string }> {
  const out: Array<{ path: string[]; message: string }> = [];
  const demo = 'or set INSECURE_DEMO_MODE=true for a demonstration';
  if (e.SMS_PROVIDER.includes('console')) {
    out.push({
      path: ['SMS_PROVIDER'],
      message: `SMS_PROVIDER=console shows login codes in the API reply and is refused when NODE_ENV=production: choose aliyun, twilio or aliyun+twilio, ${demo}`,
    });
  }
  if (e.MAIL_PROVIDER === 'console') {
    out.push({
      path: ['MAIL_PROVIDER'],
      message: `MAIL_PROVIDER=console shows e-mail codes in the API reply and is refused when NODE_ENV=production: set MAIL_PROVIDER=smtp and SMTP_URL, ${demo}`,
    });
  }
  if (e.CASE_STATUS_PROVIDER === 'console') {
    out.push({
      path: ['CASE_STATUS_PROVIDER'],
      message: `CASE_STATUS_PROVIDER=console shows made-up USCIS case statuses and is refused when NODE_ENV=production: choose torch (with TORCH_CLIENT_ID and TORCH_CLIENT_SECRET) or off, ${demo}`,
    });
  }
  if (e.ASSISTANT_PROVIDER === 'console') {
    out.push({
      path: ['ASSISTANT_PROVIDER'],
      message: `ASSISTANT_PROVIDER=console writes made-up suggestions and is refused when NODE_ENV=production: choose openai (with ASSISTANT_BASE_URL, ASSISTANT_API_KEY and ASSISTANT_MODEL) or off, ${demo}`,
    });
  }
  for (const name of ['PAYMENT_ONLINE_PROVIDER', 'PAYMENT_WALLET_PROVIDER'] as const) {
    if (e[name] === 'sandbox') {
      out.push({
        path: [name],
        message: `${name}=sandbox marks orders paid without money and is refused when NODE_ENV=production: choose ${name === 'PAYMENT_ONLINE_PROVIDER' ? 'stripe' : 'alipay'}, ${demo}`,
      });
    }
  }
  return out;
}

/**
 * What makes this configuration unsafe for real customers, one line each (printed as a banner at every start
 * that has any). Empty for a production deployment with real providers.
 */
export function notProductionSafe(c: Config): string[] {
  const lines: string[] = [];
  if (c.nodeEnv !== 'production') lines.push(`NODE_ENV=${c.nodeEnv} (not production)`);
  if (c.insecureDemoMode)
    lines.push('INSECURE_DEMO_MODE=true: dev and sandbox providers allowed in production');
  if (c.sms.providers.includes('console'))
    lines.push('SMS_PROVIDER=console: login codes are shown on screen, no SMS is sent');
  if (c.mail.provider === 'console')
    lines.push('MAIL_PROVIDER=console: e-mail codes are shown on screen, no mail is sent');
  if (c.caseStatus.provider === 'console')
    lines.push('CASE_STATUS_PROVIDER=console: case statuses are a scripted timeline, USCIS is not asked');
  if (c.assistant.provider === 'console')
    lines.push(
      'ASSISTANT_PROVIDER=console: the writing assistant is a development model, no AI model is asked',
    );
  if (c.payment.onlineProvider === 'sandbox')
    lines.push('PAYMENT_ONLINE_PROVIDER=sandbox: online orders are paid without money');
  if (c.payment.walletProvider === 'sandbox')
    lines.push('PAYMENT_WALLET_PROVIDER=sandbox: wallet orders are paid without money');
  if (c.captchaMode === 'test') lines.push('CAPTCHA_MODE=test: any captcha answer is accepted');
  if (c.shop.bank.accountNumber.includes('DEMO'))
    lines.push('BANK_* unset: the bank-transfer page shows a DEMO account');
  return lines;
}

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
  uploads: UploadsConfig;
  ocr: OcrConfig;
  shutdownGraceMs: number;
  authSecret: string | undefined;
  captchaMode: 'image' | 'test';
  authRateLimitPerMinute: number;
  /** SMS_HOURLY_CAP_PER_AREA_CODE. */
  smsHourlyCapPerAreaCode: number;
  /** SMS_CODE_FAILURES_PER_IP (per SMS_CODE_FAILURE_WINDOW_SECONDS). */
  smsCodeFailuresPerIp: number;
  redisUrl: string | undefined;
  redisTimeoutMs: number;
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  database: DatabaseTimeouts;
  /** Dev/sandbox providers allowed with NODE_ENV=production (demonstrations only). */
  insecureDemoMode: boolean;
  sms: SmsConfig;
  mail: MailConfig;
  refusedEmailDomains: string[];
  payment: PaymentConfig;
  shop: ShopConfig;
  caseStatus: CaseStatusConfig;
  assistant: AssistantConfig;
  /** METRICS_TOKEN; empty: /metrics is not served (404). */
  metricsToken: string;
  storage: StorageConfig;
}

export type StorageConfig = { kind: 'disk' } | { kind: 's3'; s3: S3StorageOptions };

export interface UploadsConfig {
  /** UPLOAD_QUOTA_PER_CASE_MB in bytes. */
  quotaPerCaseBytes: number;
  normaliseTimeoutMs: number;
}

/** OCR_* (decision 0085). */
export interface OcrConfig {
  tesseractBin: string;
  pdftoppmBin: string;
  languages: string;
  pageTimeoutMs: number;
  maxPages: number;
}

export interface DatabaseTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  startupWaitMs: number;
}

export interface SmsConfig {
  providers: ReadonlyArray<'console' | 'aliyun' | 'twilio'>;
  dailyCapPerPhone: number;
  /** Notices after filing by SMS too (SMS_FILING_NOTICES), where the provider can send text. */
  filingNotices: boolean;
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

export interface TorchConfig {
  env: 'sandbox' | 'production';
  /** TORCH_BASE_URL; empty: the TORCH_ENV default. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface CaseStatusConfig {
  provider: 'off' | 'console' | 'torch';
  torch: TorchConfig;
  timeoutMs: number;
  perSecond: number;
  perDay: number;
  tickSeconds: number;
  repollSeconds: number;
}

export interface AssistantConfig {
  provider: 'off' | 'openai' | 'console';
  baseUrl: string;
  apiKey: string;
  model: string;
  name: string;
  timeoutMs: number;
  idleTimeoutMs: number;
  maxTokens: number;
  dailyTokens: number;
  dailyRequests: number;
  dailyBudgetTokens: number;
}

export interface PaymentConfig {
  onlineProvider: 'sandbox' | 'stripe';
  walletProvider: 'sandbox' | 'alipay';
  /** Without a trailing slash. */
  publicBaseUrl: string;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string };
  alipay: { appId: string; privateKey: string; publicKey: string; gateway: string };
}

export interface ShopConfig {
  orderUnpaidTtlMinutes: number;
  bank: { accountName: string; bankName: string; accountNumber: string; branch: string; swift: string };
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
    uploads: {
      quotaPerCaseBytes: e.UPLOAD_QUOTA_PER_CASE_MB * 1024 * 1024,
      normaliseTimeoutMs: e.UPLOAD_NORMALISE_TIMEOUT_SECONDS * 1000,
    },
    ocr: {
      tesseractBin: e.OCR_TESSERACT_BIN,
      pdftoppmBin: e.OCR_PDFTOPPM_BIN,
      languages: e.OCR_LANGUAGES,
      pageTimeoutMs: e.OCR_PAGE_TIMEOUT_MS,
      maxPages: e.OCR_MAX_PAGES,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    authSecret: e.AUTH_SECRET,
    captchaMode: e.CAPTCHA_MODE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    smsHourlyCapPerAreaCode: e.SMS_HOURLY_CAP_PER_AREA_CODE,
    smsCodeFailuresPerIp: e.SMS_CODE_FAILURES_PER_IP,
    redisUrl: e.REDIS_URL,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    database: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      startupWaitMs: e.DATABASE_STARTUP_WAIT_SECONDS * 1000,
    },
    insecureDemoMode: e.INSECURE_DEMO_MODE === 'true',
    sms: {
      providers: e.SMS_PROVIDER,
      dailyCapPerPhone: e.SMS_DAILY_CAP_PER_PHONE,
      filingNotices: e.SMS_FILING_NOTICES === 'true',
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
    payment: {
      onlineProvider: e.PAYMENT_ONLINE_PROVIDER,
      walletProvider: e.PAYMENT_WALLET_PROVIDER,
      publicBaseUrl: (e.PUBLIC_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY ?? '',
        webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
        apiBase: e.STRIPE_API_BASE,
      },
      alipay: {
        appId: e.ALIPAY_APP_ID ?? '',
        privateKey: e.ALIPAY_PRIVATE_KEY ?? '',
        publicKey: e.ALIPAY_PUBLIC_KEY ?? '',
        gateway: e.ALIPAY_GATEWAY,
      },
    },
    caseStatus: {
      provider: e.CASE_STATUS_PROVIDER,
      torch: {
        env: e.TORCH_ENV,
        baseUrl: e.TORCH_BASE_URL ?? '',
        clientId: e.TORCH_CLIENT_ID ?? '',
        clientSecret: e.TORCH_CLIENT_SECRET ?? '',
      },
      timeoutMs: e.CASE_STATUS_TIMEOUT_MS,
      perSecond: e.CASE_STATUS_PER_SECOND,
      perDay: e.CASE_STATUS_PER_DAY,
      tickSeconds: e.CASE_STATUS_TICK_SECONDS,
      repollSeconds: e.CASE_STATUS_REPOLL_SECONDS,
    },
    assistant: {
      provider: e.ASSISTANT_PROVIDER,
      baseUrl: e.ASSISTANT_BASE_URL ?? '',
      apiKey: e.ASSISTANT_API_KEY ?? '',
      model: e.ASSISTANT_MODEL ?? (e.ASSISTANT_PROVIDER === 'console' ? 'dossier-console' : ''),
      name:
        e.ASSISTANT_NAME ?? (e.ASSISTANT_PROVIDER === 'console' ? 'Dossier console' : 'OpenAI-compatible'),
      timeoutMs: e.ASSISTANT_TIMEOUT_MS,
      idleTimeoutMs: e.ASSISTANT_IDLE_TIMEOUT_MS,
      maxTokens: e.ASSISTANT_MAX_TOKENS,
      dailyTokens: e.ASSISTANT_DAILY_TOKENS,
      dailyRequests: e.ASSISTANT_DAILY_REQUESTS,
      dailyBudgetTokens: e.ASSISTANT_DAILY_BUDGET_TOKENS,
    },
    shop: {
      orderUnpaidTtlMinutes: e.ORDER_UNPAID_TTL_MINUTES,
      bank: {
        accountName: e.BANK_ACCOUNT_NAME,
        bankName: e.BANK_NAME,
        accountNumber: e.BANK_ACCOUNT_NUMBER,
        branch: e.BANK_BRANCH,
        swift: e.BANK_SWIFT,
      },
    },
    metricsToken: e.METRICS_TOKEN ?? '',
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            s3: {
              ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
              region: e.S3_REGION,
              bucket: e.S3_BUCKET ?? '',
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
              accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
              secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
              prefix: e.S3_PREFIX,
              connectTimeoutMs: Math.min(e.S3_TIMEOUT_MS, 5_000),
              requestTimeoutMs: e.S3_TIMEOUT_MS,
            },
          }
        : { kind: 'disk' },
  };
}
