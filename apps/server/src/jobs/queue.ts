import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { type LogScope, logScope } from '../metrics/log-scope.ts';
import type { Metrics } from '../metrics/metrics.ts';

export type Jobs = PgBoss;

/**
 * pg-boss over the app's own database handle, so PGlite (embedded) and PostgreSQL share one code path.
 * pg-boss sends multi-statement scripts without parameters (its schema and migrations): those go through
 * `exec` (PGlite's parameterised `query` takes one statement only).
 *
 * With `metrics`, every handler is timed and its failures counted (by queue), the queue depth is read at each
 * scrape, a job sent while a request runs carries that request's id (`reqId` in its data), and a handler runs
 * in a log scope naming the queue, the job and that request id (see logger.ts).
 */
export function createQueue(
  database: Database,
  logger: FastifyBaseLogger,
  opts: { worker: boolean; schema?: string; metrics?: Metrics },
): Jobs {
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        values && values.length > 0 ? database.query(text, values) : database.exec(text),
    },
    // One schema per deployment; the integration suites give each test app its own (see build-test-app.ts).
    schema: opts.schema ?? 'pgboss',
    // Only the worker role runs pg-boss's maintenance loop and cron; the API role only sends jobs.
    supervise: opts.worker,
    schedule: opts.worker,
  });
  boss.on('error', (err: Error) => logger.error({ err }, 'job queue error'));
  if (opts.metrics) instrument(boss, opts.metrics, logger);
  wakeLocalWorkers(boss);
  return boss;
}

/**
 * A job sent from the process that also works its queue (the embedded default) wakes that worker at once,
 * instead of waiting up to a polling interval (0.5 s for the print file, 2 s for the rest): someone is usually
 * watching the screen for it. Workers in other processes still find the job at their next poll.
 */
function wakeLocalWorkers(boss: PgBoss): void {
  const local = new Map<string, string[]>();
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  (boss as { work: unknown }).work = async (name: string, ...rest: unknown[]) => {
    const id = await work(name, ...rest);
    local.set(name, [...(local.get(name) ?? []), id]);
    return id;
  };
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  (boss as { send: unknown }).send = async (...args: unknown[]) => {
    const id = await send(...args);
    const [first] = args;
    const name = typeof first === 'string' ? first : isPlainObject(first) ? first.name : undefined;
    // offWork forgets a worker; notifying an id pg-boss no longer has is a no-op.
    if (id && typeof name === 'string') for (const w of local.get(name) ?? []) boss.notifyWorker(w);
    return id;
  };
}

type Handler = (jobs: Array<{ id: string; data: unknown }>) => Promise<unknown>;

function instrument(boss: PgBoss, metrics: Metrics, logger: FastifyBaseLogger): void {
  metrics.watchQueue(boss);
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  (boss as { send: unknown }).send = (...args: unknown[]) => {
    const reqId = logScope.getStore()?.reqId;
    const [name, data] = args;
    if (reqId && typeof name === 'string' && isPlainObject(data) && !('reqId' in data)) {
      args[1] = { ...data, reqId };
    }
    return send(...args);
  };
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  (boss as { work: unknown }).work = (name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler;
    return work(name, ...rest, timed(name, handler, metrics, logger));
  };
}

/**
 * The handler timed, its throws counted, and run in the log scope of its job (and of the request that sent it):
 * each run ends with one log line, `job finished` or `job failed`, naming the queue, job and request id.
 */
function timed(queue: string, handler: Handler, metrics: Metrics, logger: FastifyBaseLogger): Handler {
  return async (jobs) => {
    const first = jobs.length === 1 ? jobs[0] : undefined;
    const data = first?.data;
    const scope: LogScope = { job: queue };
    if (first) scope.jobId = first.id;
    if (isPlainObject(data) && typeof data.reqId === 'string') scope.reqId = data.reqId;
    return logScope.run(scope, async () => {
      const end = metrics.jobDuration.startTimer({ queue });
      try {
        const r = await handler(jobs);
        const seconds = end({ outcome: 'ok' });
        logger.info({ jobs: jobs.length, ms: Math.round(seconds * 1000) }, 'job finished');
        return r;
      } catch (err) {
        const seconds = end({ outcome: 'failed' });
        metrics.jobFailures.inc({ queue });
        logger.error({ err, jobs: jobs.length, ms: Math.round(seconds * 1000) }, 'job failed');
        throw err;
      }
    });
  };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
