import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { onSendAsyncHookHandler } from 'fastify';

const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are: a packet or two either way. */
export const GZIP_JSON_MIN_BYTES = 1024;

/**
 * A route's onSend hook that gzips its JSON answer when the client accepts gzip and the answer is at least
 * GZIP_JSON_MIN_BYTES. Only on the large workbench reads (the evidence page, a document: a 40-page petition
 * letter is ~130 kB of JSON, a few kB gzipped; decision 0065), not app-wide: a route without an onSend hook
 * skips that stage of every answer, and token answers stay uncompressed (BREACH).
 */
export const gzipLargeJson: onSendAsyncHookHandler<unknown> = async (req, reply, payload) => {
  if (typeof payload !== 'string' || payload.length < GZIP_JSON_MIN_BYTES) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const accepts = req.headers['accept-encoding'];
  if (typeof accepts !== 'string' || !/\bgzip\b/.test(accepts)) return payload;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  reply.header('content-encoding', 'gzip');
  reply.removeHeader('content-length');
  return gzipAsync(payload);
};
