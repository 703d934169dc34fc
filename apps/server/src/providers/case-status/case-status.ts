/**
 * USCIS case status (issue 32 item 2, decision 0078). Adapters: `torch` (developer.uscis.gov Case Status API:
 * OAuth 2 client credentials, sandbox or production base URL, RFC 9457 problem details), `console` (development:
 * plays a scripted timeline per receipt; refused in production like every dev provider) and `off` (the default:
 * nothing is polled, the customer types the status).
 */

/** One status as USCIS states it (English), with its history when the API gives one. */
export interface CaseStatusResult {
  receiptNumber: string;
  /** Form type as USCIS reports it ("I-140"), when given. */
  formType: string | null;
  /** USCIS's status title, e.g. "Case Was Approved". */
  title: string;
  /** USCIS's status description (the long sentence). */
  description: string | null;
  /** The day of the status (ISO yyyy-mm-dd), when given. */
  modifiedOn: string | null;
  /** Earlier statuses, oldest first, when the API returns them. */
  history: Array<{ title: string; date: string | null }>;
}

/**
 * Why a call failed. `not_found` (404: USCIS does not know the receipt), `unauthorised` (401/403 after one token
 * refresh), `rate_limited` (429; `retryAfterMs` from Retry-After), `unavailable` (5xx, connection refused),
 * `timeout` (no answer in time), `malformed` (an answer that is not the documented JSON).
 */
export type CaseStatusErrorKind =
  | 'not_found'
  | 'unauthorised'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'malformed';

export class CaseStatusError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: CaseStatusErrorKind,
    message: string,
    /** For `rate_limited` (and a 503 with Retry-After): how long to wait, in ms. */
    readonly retryAfterMs: number | null = null,
    /** The HTTP status, when there was one. */
    readonly status: number | null = null,
  ) {
    super(`${provider}: ${kind}: ${message}`);
  }
}

export interface CaseStatusProvider {
  readonly name: 'torch' | 'console';
  /** One receipt's current status. Throws CaseStatusError; never waits longer than the configured timeout. */
  status(receiptNumber: string, signal?: AbortSignal): Promise<CaseStatusResult>;
}
