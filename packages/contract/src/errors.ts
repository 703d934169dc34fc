import { z } from 'zod';

/**
 * Every non-2xx answer of the API has this shape (spec §7: the client shows `msg`).
 * `code` is a stable machine-readable identifier, `msg` is localised by the `Language` header.
 */
export const ZErrorResponse = z.object({
  code: z.string(),
  msg: z.string(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Stable error codes; each maps to the i18n key `errors.<code>` in packages/i18n. */
export const ErrorCode = {
  notFound: 'not_found',
  validation: 'validation',
  internal: 'internal',
  rateLimited: 'rate_limited',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  badRequest: 'bad_request',
  notReady: 'not_ready',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
