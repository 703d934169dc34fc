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
  /** A dependency (PostgreSQL, …) did not answer in time or refused: try again later. */
  serviceUnavailable: 'service_unavailable',
  /** A NUL character or a lone surrogate in a text field. */
  invalidCharacters: 'invalid_characters',
  /** The path is not valid percent-encoding. */
  badUrl: 'bad_url',
  /** A path segment is longer than any id or name we use. */
  uriTooLong: 'uri_too_long',
  /** The Idempotency-Key header is not 16–100 letters, digits, `.`, `_`, `:` or `-`. */
  idempotencyKeyInvalid: 'idempotency_key_invalid',
  /** The same Idempotency-Key came with a different request. */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** The request headers are past the server's limit (16 KB), refused by the HTTP parser (431). */
  headersTooLarge: 'headers_too_large',
  /** The request did not arrive whole in time (408). */
  requestTimeout: 'request_timeout',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
