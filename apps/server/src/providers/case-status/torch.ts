import { z } from 'zod';
import type { TorchConfig } from '../../config.ts';
import { retryAfter } from '../retry-after.ts';
import { CaseStatusError, type CaseStatusProvider, type CaseStatusResult } from './case-status.ts';

/**
 * USCIS Case Status API ("Torch", developer.uscis.gov; decision 0078). OAuth 2 client credentials at
 * `{base}/oauth/accesstoken` (form: grant_type, client_id, client_secret), then `GET {base}/case-status/{receipt}`
 * with the bearer token. The token is cached until shortly before `expires_in` and fetched once for concurrent
 * callers; a 401 refreshes it once, a second 401 (or a 403) is `unauthorised`. Neither the secret nor the token is
 * ever put in an error message or a log line.
 */
export const TORCH_BASE_URLS = {
  sandbox: 'https://api-int.uscis.gov',
  production: 'https://api.uscis.gov',
} as const;

/** A token is renewed this long before USCIS says it expires (clock skew, the call's own duration). */
const TOKEN_MARGIN_MS = 60_000;
/** Longest Retry-After taken as given (a day); a later one is capped. */
const RETRY_AFTER_MAX_MS = 86_400_000;
/** How much of an error body is quoted in a message. */
const QUOTE = 200;

const ZToken = z.object({
  access_token: z.string().min(1),
  // USCIS (Apigee) sends it as a string of seconds.
  expires_in: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1)),
});

const ZText = z.string().nullish();
const ZStatus = z.object({
  case_status: z.object({
    receiptNumber: z.string().min(1),
    formType: ZText,
    submittedDate: ZText,
    modifiedDate: ZText,
    current_case_status_text_en: z.string().min(1),
    current_case_status_desc_en: ZText,
    hist_case_status: z.array(z.object({ date: ZText, completed_text_en: ZText }).passthrough()).nullish(),
  }),
});

const ZProblem = z.object({ title: z.string().optional(), detail: z.string().optional() }).passthrough();

/** The day of a USCIS date ("2023-09-05…", "09-05-2023 14:23:28", "September 5, 2023"), or null. */
export function isoDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const us = /^(\d{2})[-/](\d{2})[-/](\d{4})/.exec(value);
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}

/** Retry-After in ms (providers/retry-after.ts), capped at RETRY_AFTER_MAX_MS. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | null =>
  retryAfter(header, RETRY_AFTER_MAX_MS, now);

export class TorchCaseStatusProvider implements CaseStatusProvider {
  readonly name = 'torch' as const;
  private readonly base: string;
  private token: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly config: TorchConfig,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.base = (config.baseUrl || TORCH_BASE_URLS[config.env]).replace(/\/+$/, '');
  }

  async status(receiptNumber: string, signal?: AbortSignal): Promise<CaseStatusResult> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const all = signal ? AbortSignal.any([timeout, signal]) : timeout;
    try {
      let token = await this.accessToken(all);
      let res = await this.get(receiptNumber, token, all);
      if (res.status === 401) {
        await res.body?.cancel();
        this.forget(token);
        token = await this.accessToken(all);
        res = await this.get(receiptNumber, token, all);
      }
      if (!res.ok) throw await this.failure(res, 'case status');
      return this.parse(await this.json(res));
    } catch (err) {
      throw this.classify(err, timeout, signal);
    }
  }

  /** The cached token, or one fetch shared by every caller waiting for it. */
  private accessToken(signal: AbortSignal): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    if (!this.pending) {
      // The shared fetch has its own deadline: one caller giving up must not fail the others.
      this.pending = this.fetchToken(AbortSignal.timeout(this.timeoutMs)).finally(() => {
        this.pending = null;
      });
    }
    const shared = this.pending;
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async fetchToken(signal: AbortSignal): Promise<string> {
    const issuedAt = this.now();
    let res: Response;
    try {
      res = await fetch(`${this.base}/oauth/accesstoken`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.config.clientId,
          client_secret: this.config.clientSecret,
        }).toString(),
        signal,
      });
    } catch (err) {
      throw this.classify(err, signal);
    }
    // A refused client (400 invalid_client, 401) is a credentials problem, not the receipt's.
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new CaseStatusError('torch', 'unauthorised', 'the access token was refused', null, res.status);
    }
    if (!res.ok) throw await this.failure(res, 'access token');
    const body = ZToken.safeParse(await this.json(res));
    if (!body.success)
      throw new CaseStatusError('torch', 'malformed', 'access token answer', null, res.status);
    const lifeMs = body.data.expires_in * 1000;
    // Short-lived tokens are renewed at half their life rather than never being reused.
    const renewAt = issuedAt + Math.max(lifeMs - TOKEN_MARGIN_MS, lifeMs / 2);
    this.token = { value: body.data.access_token, renewAt };
    return body.data.access_token;
  }

  private forget(token: string): void {
    if (this.token?.value === token) this.token = null;
  }

  private get(receiptNumber: string, token: string, signal: AbortSignal): Promise<Response> {
    return fetch(`${this.base}/case-status/${encodeURIComponent(receiptNumber)}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal,
    });
  }

  private async json(res: Response): Promise<unknown> {
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new CaseStatusError('torch', 'malformed', 'the answer is not JSON', null, res.status);
    }
  }

  private parse(body: unknown): CaseStatusResult {
    const parsed = ZStatus.safeParse(body);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || '(body)';
      throw new CaseStatusError('torch', 'malformed', `unexpected case status answer at ${where}`, null, 200);
    }
    const s = parsed.data.case_status;
    const history = (s.hist_case_status ?? [])
      .filter((h) => h.completed_text_en)
      .map((h) => ({ title: h.completed_text_en!, date: isoDay(h.date) }))
      .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
    return {
      receiptNumber: s.receiptNumber,
      formType: s.formType || null,
      title: s.current_case_status_text_en,
      description: s.current_case_status_desc_en || null,
      modifiedOn: isoDay(s.modifiedDate),
      history,
    };
  }

  /** An error answer as a CaseStatusError; RFC 9457 problem details give the message. */
  private async failure(res: Response, what: string): Promise<CaseStatusError> {
    const text = await res.text().catch(() => '');
    let message = `${what}: HTTP ${res.status}`;
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      try {
        const p = ZProblem.safeParse(JSON.parse(text));
        const said = p.success ? [p.data.title, p.data.detail].filter(Boolean).join(': ') : '';
        if (said) message += ` ${said.slice(0, QUOTE)}`;
      } catch {
        // An unreadable error body says no more than its status.
      }
    }
    const retry = retryAfterMs(res.headers.get('retry-after'), this.now());
    if (res.status === 404) return new CaseStatusError('torch', 'not_found', message, null, 404);
    if (res.status === 401 || res.status === 403)
      return new CaseStatusError('torch', 'unauthorised', message, null, res.status);
    if (res.status === 429) return new CaseStatusError('torch', 'rate_limited', message, retry, 429);
    if (res.status >= 500) return new CaseStatusError('torch', 'unavailable', message, retry, res.status);
    return new CaseStatusError('torch', 'malformed', message, null, res.status);
  }

  /** Any thrown value as a CaseStatusError: our deadline is `timeout`, a network failure `unavailable`. */
  private classify(err: unknown, timeout: AbortSignal, caller?: AbortSignal): unknown {
    if (err instanceof CaseStatusError) return err;
    if (caller?.aborted && !timeout.aborted) return caller.reason;
    if (timeout.aborted) return new CaseStatusError('torch', 'timeout', `no answer in ${this.timeoutMs} ms`);
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return new CaseStatusError('torch', 'unavailable', `connection failed${cause}`.slice(0, QUOTE));
  }
}
