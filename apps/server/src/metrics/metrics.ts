import type PgBoss from 'pg-boss';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { RouteLatency } from './route-latency.ts';

/**
 * The Prometheus instruments of one process (one registry per app context, no global state). Labels are bounded:
 * the route is the pattern the router matched (`/api/customer/qa/:id/`), never the raw URL; the status is its
 * class (2xx…5xx); the queue is a pg-boss queue name.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: RouteLatency;
  jobDuration: Histogram<'queue' | 'outcome'>;
  jobFailures: Counter<'queue'>;
  uploadBytes: Counter<'kind'>;
  /** Which queue's depth the `dossier_job_queue_depth` gauge reads at each scrape. */
  watchQueue(boss: PgBoss): void;
}

/** Seconds; from 5 ms (a cached read) to 10 s (a large upload or a PDF). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; jobs run from milliseconds (expiry sweep) to minutes (normalising a scanned 50 MB file). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300];

/** `processMetrics`: the process's own CPU, memory, event-loop lag and GC (once per process, in main). */
export function createMetrics(opts: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  let boss: PgBoss | null = null;
  new Gauge({
    name: 'dossier_job_queue_depth',
    help: 'Jobs waiting in each pg-boss queue (created or waiting for a retry), read at scrape time',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      if (!boss) return;
      try {
        for (const q of await boss.getQueues()) this.set({ queue: q.name }, await boss.getQueueSize(q.name));
      } catch {
        // A database that does not answer must not fail the whole scrape; the other series still report.
      }
    },
  });
  return {
    registry,
    httpDuration: new RouteLatency(
      'dossier_http_request_duration_seconds',
      'HTTP request latency by routed path (the pattern, never the raw URL), method and status class',
      HTTP_BUCKETS,
      registry,
    ),
    jobDuration: new Histogram({
      name: 'dossier_job_duration_seconds',
      help: 'Time a pg-boss handler spent on a batch of jobs, by queue and outcome (ok, failed)',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'dossier_job_failures_total',
      help: 'Job handler runs that threw (pg-boss retries them up to the queue retry limit)',
      labelNames: ['queue'],
      registers: [registry],
    }),
    uploadBytes: new Counter({
      name: 'dossier_upload_bytes_total',
      help: 'Bytes of uploads stored (finalised and accepted for checking), by kind',
      labelNames: ['kind'],
      registers: [registry],
    }),
    watchQueue(b) {
      boss = b;
    },
  };
}
