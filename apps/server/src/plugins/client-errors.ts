import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type Locale, type TErrorCode } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { localeOf } from './i18n.ts';

/**
 * What Node's HTTP parser refuses before there is a request (Fastify's `clientErrorHandler`, the server's
 * 'clientError' event): headers or a URL past the header limit, a request line or header that is not HTTP, a
 * request that did not arrive in time. Answered like every other refusal, `{ code, msg }` in the caller's
 * language (issue 27 item 6), then the connection is closed: the parser's state is lost.
 *
 * There is no parsed request: the language is read from the bytes the parser had (`rawPacket`, the chunk it was
 * reading), zh when they hold no Language header (a header past the limit may be in a later chunk).
 */

/** Node's parser error: `rawPacket` is the chunk being parsed (a Buffer, though Fastify's types say otherwise). */
type ParserError = Error & { code?: string; rawPacket?: unknown };

export interface ClientErrorAnswer {
  status: number;
  code: TErrorCode;
  locale: Locale;
}

/** How far into the received bytes the Language header is looked for (the parser's limit is 16 KB). */
const SCAN_BYTES = 64 * 1024;

export function clientErrorAnswer(err: ParserError, limit = maxHeaderSize): ClientErrorAnswer {
  const received = Buffer.isBuffer(err.rawPacket)
    ? err.rawPacket.subarray(0, SCAN_BYTES).toString('latin1')
    : '';
  const language = /\r\nlanguage:[ \t]*([^\r\n]*)/i.exec(received)?.[1];
  const locale = localeOf(language);
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: ErrorCode.requestTimeout, locale };
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    // The request line alone is past the limit: the URL is what is too long.
    const requestLine = /^[A-Z]+ /.test(received) ? received.split('\r\n', 1)[0]! : '';
    return requestLine.length >= limit
      ? { status: 414, code: ErrorCode.uriTooLong, locale }
      : { status: 431, code: ErrorCode.headersTooLarge, locale };
  }
  return { status: 400, code: ErrorCode.badRequest, locale };
}

/** The whole HTTP answer, written to the socket as it is. */
export function clientErrorResponse(a: ClientErrorAnswer): string {
  const body = JSON.stringify({ code: a.code, msg: translate(a.locale, `errors:${a.code}`) });
  return [
    `HTTP/1.1 ${a.status} ${STATUS_CODES[a.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler` option. */
export const clientErrorHandler =
  (log: FastifyBaseLogger) =>
  (err: ParserError, socket: Socket): void => {
    // A connection the client reset, or one already gone: nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = clientErrorAnswer(err);
    log.debug({ code: err.code, status: answer.status }, 'refused by the HTTP parser');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(answer), () => socket.destroy());
  };
