import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { logScope } from '../metrics/log-scope.ts';

const resourceOf = new WeakMap<object, AsyncResource>();

/**
 * Runs each request inside its log scope (the request id), so a line logged through `ctx.logger` by a service
 * names the request, and a job the request queues carries its id (jobs/queue.ts). The body is read from socket
 * events, outside the scope; preValidation re-enters it before the handler runs.
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    logScope.run({ reqId: String(req.id) }, () => {
      resourceOf.set(req, new AsyncResource('dossier-request'));
      done();
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const resource = resourceOf.get(req);
    if (resource) resource.runInAsyncScope(done, req.raw);
    else done();
  });
}
