import { ErrorCode, type TErrorCode } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDependencyUnavailable } from './dependency-errors.ts';
import { localeOf } from './i18n.ts';

/**
 * The one error type services throw. `messageKey` is an i18n key (`ns:key`, default namespace
 * `errors`); the handler below turns it into `{ code, msg }` in the caller's language, plus `extra` fields
 * a contract schema names (the per-item `issues` of a form save, the `current_version` of a conflict).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode | string,
    readonly messageKey: string = code,
    readonly vars: Record<string, string | number> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`${code}: ${messageKey}`);
  }
}

export const notFound = (key = ErrorCode.notFound) => new AppError(404, ErrorCode.notFound, key);

/** An AppError whose message is `errors:<code>` (the usual case: one message per code). */
export const errorOf = (status: number, code: string, vars: Record<string, string | number> = {}) =>
  new AppError(status, code, `errors:${code}`, vars);

function send(reply: FastifyReply, status: number, code: string, msg: string, extra = {}) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ ...extra, code, msg });
}

/** Status → code for Fastify's and plugins' own client errors. */
const CLIENT_ERRORS: Record<number, TErrorCode> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) req.log.error({ err }, 'service error');
      return send(reply, err.statusCode, err.code, req.t(err.messageKey, err.vars), err.extra);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'body';
      const issuePath = (first?.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
      const path =
        first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || issuePath?.map(String).join('.');
      const field = path ? `${where}.${path}` : where;
      // `field` also goes in the body (as invalid_characters does), so a form can show the refusal under the
      // field it is about (decision 0017): `body.topic`, `body.appointment.date`, `querystring.size`.
      return send(reply, 400, ErrorCode.validation, req.t('errors:validation', { field }), { field });
    }
    if (isDependencyUnavailable(err)) {
      // The database (or another dependency) refused or did not answer in time: nothing the caller did wrong.
      req.log.error({ err }, 'dependency unavailable');
      return send(reply, 503, ErrorCode.serviceUnavailable, req.t(`errors:${ErrorCode.serviceUnavailable}`));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response does not match its schema');
      return send(reply, 500, ErrorCode.internal, req.t('errors:internal'));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = CLIENT_ERRORS[status] ?? ErrorCode.badRequest;
      req.log.info({ err: { message: err.message, code: err.code } }, 'client error');
      return send(reply, status, code, req.t(`errors:${code}`));
    }
    req.log.error({ err }, 'unexpected error');
    return send(reply, 500, ErrorCode.internal, req.t('errors:internal'));
  });
}

/**
 * Errors the router raises before any hook runs (Fastify's `frameworkErrors`): a path that is not valid
 * percent-encoding, or a path parameter longer than routerOptions.maxParamLength. Answered like every other
 * /api error, `{ code, msg }` in the caller's language, without echoing the URL.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(req.headers.language);
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const code = tooLong ? ErrorCode.uriTooLong : ErrorCode.badUrl;
  req.log.info({ code: err.code }, 'refused by the router');
  // The router refused it before any onRequest hook ran (app.ts sets the id there).
  reply.header('x-request-id', req.id);
  return send(reply, tooLong ? 414 : 400, code, translate(locale, `errors:${code}`));
}
