import pino, { type DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { logScope } from './metrics/log-scope.ts';

/**
 * JSON logs to stdout (or `destination`); secrets never logged (authorization, cookies, codes), and no value a
 * customer submitted reaches a log through an error: SQL parameters and PostgreSQL's row details are redacted.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream) {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.sms_code',
          '*.password',
          '*.captcha',
          '*.current_password',
          '*.new_password',
          '*.one_time_password',
        ],
        censor: '[redacted]',
      },
      serializers: { err: serializeError },
      mixin: scopeMixin,
    },
    destination,
  );
}

/**
 * Every line written while a request or a job runs names it: Fastify's request logger already binds `reqId`;
 * a line from `ctx.logger` (a service, a provider, a job handler) gets the scope's request id, queue and job id.
 */
export function scopeMixin(_obj: object, _level: number, logger: pino.Logger): object {
  const scope = logScope.getStore();
  if (!scope) return {};
  const bound = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym] ?? '';
  if (bound.includes('"reqId"')) return {};
  return scope;
}

const REDACTED = '[redacted]';
/** Drizzle's "Failed query: <sql>\nparams: <values>": the statement stays, the values go. */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * pino's error serializer, minus submitted values (also in the `cause` chain). An `err` that is not an object (a
 * message, as some callers log) is written as it is: a logger never throws.
 */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown;
  if (out === null || typeof out !== 'object') return typeof out === 'symbol' ? String(out) : out;
  return redactError(out as Record<string, unknown>, 0);
}

function redactError(e: Record<string, unknown>, depth: number): Record<string, unknown> {
  if (typeof e.message === 'string') e.message = e.message.replace(PARAMS_LINE, `\nparams: ${REDACTED}`);
  if (typeof e.stack === 'string') e.stack = e.stack.replace(PARAMS_LINE, `\nparams: ${REDACTED}`);
  // Drizzle's parameters; PostgreSQL's `detail` quotes the row ("Key (phone)=(138…) already exists").
  for (const key of ['params', 'parameters', 'detail', 'where', 'internalQuery']) {
    if (key in e) e[key] = REDACTED;
  }
  if (e.cause && typeof e.cause === 'object' && depth < 8) {
    e.cause = redactError({ ...(e.cause as Record<string, unknown>) }, depth + 1);
  }
  return e;
}
