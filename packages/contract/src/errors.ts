import { z } from 'zod';

/**
 * Every non-2xx answer of the API has this shape (spec §7: the client shows `msg`).
 * `code` is a stable machine-readable identifier, `msg` is localised by the `Language` header.
 */
export const ZErrorResponse = z.object({
  code: z.string(),
  msg: z.string(),
  /**
   * Where the refusal is, when the server knows (`validation`, `invalid_characters`): `body.topic`,
   * `body.appointment.date`, `querystring.size`. A form shows the refusal under that field (decision 0017).
   */
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export { ErrorCode, type TErrorCode } from './error-codes.ts';
