import type { FastifyBaseLogger } from 'fastify';
import type { CustomerCache } from './cache/customer-cache.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Jobs } from './jobs/queue.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { CaptchaGenerator } from './modules/auth/captcha.ts';
import type { WorkerStart } from './ops/worker-start.ts';
import type { AssistantProvider } from './providers/assistant/assistant-provider.ts';
import type { CaseStatusProvider } from './providers/case-status/case-status.ts';
import type { MailProvider } from './providers/mail/mail.ts';
import type { PaymentProviders } from './providers/payment/index.ts';
import type { RedisHandle } from './providers/redis/redis.ts';
import type { SmsProvider } from './providers/sms/sms.ts';
import type { Storage } from './providers/storage/storage.ts';

/** Everything a service needs, passed explicitly (no module-level singletons). */
export interface AppContext {
  config: Config;
  db: Database;
  storage: Storage;
  jobs: Jobs;
  clock: Clock;
  logger: FastifyBaseLogger;
  sms: SmsProvider;
  mail: MailProvider;
  captcha: CaptchaGenerator;
  /** Signs access tokens and keys the code/captcha HMACs (AUTH_SECRET or DATA_DIR/secret). */
  authSecret: Buffer;
  /** The configured payment providers (online, wallet) and the sandbox signer (issue 5). */
  payments: PaymentProviders;
  /** Shared rate-limit counters of several API nodes (REDIS_URL); null when unset. */
  redis: RedisHandle | null;
  /** Prometheus instruments of this process (served at /metrics with METRICS_TOKEN). */
  metrics: Metrics;
  /** USCIS case status (CASE_STATUS_PROVIDER); null when off: nothing is polled, the customer types the status. */
  caseStatus: CaseStatusProvider | null;
  /** The writing assistant's model (ASSISTANT_PROVIDER, issue 33); null or absent when off. */
  assistant?: AssistantProvider | null;
  /** Live sessions and unread counts kept between changes (cache/customer-cache.ts); absent: always ask. */
  customerCache?: CustomerCache;
  /** The worker role's start (main.ts retries it; /readyz is not ready while it does); absent: no worker role. */
  workerStart?: WorkerStart;
}
