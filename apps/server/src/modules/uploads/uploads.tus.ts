import { ErrorCode, type Locale, UploadErrorCode } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { Server } from '@tus/server';
import { ERRORS } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { AppContext } from '../../context.ts';
import { isDependencyUnavailable } from '../../plugins/dependency-errors.ts';
import { AppError } from '../../plugins/errors.ts';
import { carryReplyHeaders } from '../../plugins/security-headers.ts';
import { finaliseTransfer } from './uploads.finalise.ts';
import type { TusArea } from './uploads.tus-area.ts';

/** What our route learnt about a request before handing it to the tus server (keyed by the request object). */
interface HandedOver {
  locale: Locale;
  /**
   * The transfer's key as the route checked it: the one createTransfer reserved (creation: the tus server names
   * the upload with it), or the path's `:key` whose ownership the gate checked (HEAD, PATCH, DELETE).
   */
  key: string;
}

/** tus error statuses → our codes (their bodies are English plain text; ours are `{ code, msg }`). */
const CODE_OF_STATUS: Record<number, string> = {
  400: ErrorCode.badRequest,
  403: ErrorCode.badRequest,
  404: ErrorCode.notFound,
  409: UploadErrorCode.offsetConflict,
  410: ErrorCode.notFound,
  412: ErrorCode.badRequest,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  460: ErrorCode.badRequest,
  503: ErrorCode.serviceUnavailable,
};

const json = (locale: Locale, status: number, code: string, msg?: string) => ({
  status_code: status,
  body: JSON.stringify({ code, msg: msg ?? translate(locale, `errors:${code}`) }),
});

/**
 * The tus 1.0.0 server (@tus/server) behind our Fastify routes. A route authenticates (requireCustomer), passes
 * the workbench gate and checks ownership, then hands the raw request over: `reply.hijack()` and the tus server
 * streams the body straight into the transfer's file (never the whole file in memory). When the last byte
 * arrives the upload is finalised (content check, hash, content-addressed store, row, job) before the answer.
 */
export function createTusHandler(ctx: AppContext, area: TusArea) {
  const handedOver = new WeakMap<object, HandedOver>();
  const localeOf = (req: object): Locale => handedOver.get(req)?.locale ?? 'zh';
  const tus = new Server({
    path: '/api/customer/uploads/tus',
    datastore: area.store,
    relativeLocation: true,
    // Enforced on Upload-Length at creation and on the bytes while they stream.
    maxSize: ctx.config.uploadMaxBytes,
    // Same origin only: no CORS headers.
    allowedOrigins: () => false,
    namingFunction: (req) => {
      const key = handedOver.get(req)?.key;
      if (!key) throw ERRORS.UNKNOWN_ERROR;
      return key;
    },
    // The id is the key the route checked, never one read from the URL: @tus/server takes the last `/` segment
    // of the whole URL, query string included (`…/tus/<own key>?x=/<other key>`). A URL it would read as
    // anything else (a query string, `#`, an encoded slash…) is refused (404) rather than served (decision 0048).
    getFileIdFromRequest: (req, lastPath) => {
      const key = handedOver.get(req)?.key;
      return key !== undefined && lastPath === key ? key : undefined;
    },
    onUploadFinish: async (req, u) => {
      const r = await finaliseTransfer(ctx, area, u.id);
      if (r.state === 'refused') {
        throw json(localeOf(req), 422, UploadErrorCode.refused, r.refusal[localeOf(req)]);
      }
      return {};
    },
    onResponseError: (req, err) => {
      const locale = localeOf(req);
      if (err instanceof AppError)
        return json(locale, err.statusCode, err.code, translate(locale, err.messageKey, err.vars));
      if (isDependencyUnavailable(err)) return json(locale, 503, ErrorCode.serviceUnavailable);
      if (err === ERRORS.ERR_LOCK_TIMEOUT) return json(locale, 409, UploadErrorCode.offsetConflict);
      if ('status_code' in err && err.status_code < 500) return undefined;
      ctx.logger.error({ err }, 'upload transfer failed');
      return json(locale, 500, ErrorCode.internal);
    },
  });

  /** Hands the request to the tus server and sends its answer, errors as `{ code, msg }` in the caller's language. */
  /**
   * `beforeSend` runs after the tus server answered and before the client sees it (what the answer promises —
   * e.g. a terminated transfer's quota released — holds by the time the client can act on it).
   */
  return async function handOver(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    beforeSend?: (res: Response) => Promise<void>,
  ): Promise<Response> {
    carryReplyHeaders(reply);
    reply.hijack();
    const request = new NodeRequest({ req: req.raw, res: reply.raw });
    handedOver.set(request, { locale: req.locale, key });
    let res: Response;
    try {
      res = await tus.handleWeb(request as unknown as Request);
    } catch (err) {
      req.log.error({ err }, 'tus server failed');
      const e = json(req.locale, 500, ErrorCode.internal);
      res = new Response(e.body, { status: e.status_code });
    }
    res = await asJsonError(res, req);
    if (beforeSend) {
      try {
        await beforeSend(res);
      } catch (err) {
        // The reply is hijacked: an error thrown from here would leave the client without an answer.
        req.log.error({ err }, 'upload answer follow-up failed');
        const e = isDependencyUnavailable(err)
          ? json(req.locale, 503, ErrorCode.serviceUnavailable)
          : json(req.locale, 500, ErrorCode.internal);
        res = new Response(e.body, {
          status: e.status_code,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    res.headers.set('x-request-id', req.id);
    res.headers.set('x-content-type-options', 'nosniff');
    res.headers.set('cache-control', 'no-store');
    try {
      await sendNodeResponse(reply.raw, res);
    } catch (err) {
      // The client went away (a dropped connection is what resumable uploads are for).
      req.log.info({ err: { message: (err as Error).message } }, 'upload answer not delivered');
    }
    return res;
  };
}

/** A tus error answer with a plain-text body becomes `{ code, msg }` (HEAD answers carry no body). */
async function asJsonError(res: Response, req: FastifyRequest): Promise<Response> {
  if (res.status < 400 || req.method === 'HEAD') return res;
  const text = await res.text();
  let body: { code?: unknown; msg?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (!body || typeof body.code !== 'string' || typeof body.msg !== 'string') {
    const code =
      CODE_OF_STATUS[res.status] ?? (res.status >= 500 ? ErrorCode.internal : ErrorCode.badRequest);
    body = { code, msg: req.t(`errors:${code}`) };
  }
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}
