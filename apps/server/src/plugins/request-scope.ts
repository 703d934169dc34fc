import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type LogScope, logScope } from '../metrics/log-scope.ts';

const scopeOf = Symbol('dossier.logScope');
type Scoped = FastifyRequest & { [scopeOf]?: LogScope };

/**
 * Runs each request inside its log scope (the request id), so a line logged through `ctx.logger` by a service
 * names the request, and a job the request queues carries its id (jobs/queue.ts). The body is read from socket
 * events, outside the scope; preValidation enters the same scope again before the handler runs (a second
 * `run`, cheaper than keeping an AsyncResource per request: decision 0046).
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const scope: LogScope = { reqId: String(req.id) };
    (req as Scoped)[scopeOf] = scope;
    logScope.run(scope, done);
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = (req as Scoped)[scopeOf];
    if (scope) logScope.run(scope, done);
    else done();
  });
}
