import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the current request or job is, for the log lines written while it runs: the request id (a request, or
 * the request that queued the job) and, in a job, the queue and job id. Set by plugins/request-scope.ts for
 * requests and by jobs/queue.ts around every job handler; read by the logger's mixin and by `send`.
 */
export interface LogScope {
  reqId?: string;
  job?: string;
  jobId?: string;
}

export const logScope = new AsyncLocalStorage<LogScope>();
