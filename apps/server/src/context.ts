import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Jobs } from './jobs/queue.ts';
import type { Storage } from './providers/storage/storage.ts';

/** Everything a service needs, passed explicitly (no module-level singletons). */
export interface AppContext {
  config: Config;
  db: Database;
  storage: Storage;
  jobs: Jobs;
  clock: Clock;
  logger: FastifyBaseLogger;
}
