import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set with `options`, worked out once. They depend on nothing in the request (no CSP
 * nonces here), and @fastify/helmet rebuilt helmet's middleware — parsing every CSP directive — on each
 * request, about a twentieth of the cost of a small authenticated call (decision 0042).
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  // Keyed by the lower-case name (a later set replaces an earlier one, as on a response); the name as helmet
  // spelled it is what is sent.
  const headers = new Map<string, readonly [string, string]>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers.values()];
}

/**
 * Sets the security headers on every answer, matched route or not, before any hook can answer early. On the
 * reply, not the raw response: with no header set on the raw response, Node writes the reply's headers as they
 * are instead of setting each one again (decision 0046). A route that hijacks the reply and writes the raw
 * response itself copies them over first (`carryReplyHeaders`).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = Object.fromEntries(
    helmetHeaders(options).map(([name, value]) => [name.toLowerCase(), value]),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Before `reply.hijack()`: what the hooks set on the reply (security, rate-limit, request id) onto the raw response. */
export function carryReplyHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
}
