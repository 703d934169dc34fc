// No zod here: the web's home page imports these without the schema library (issue 6 JS budget).

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
