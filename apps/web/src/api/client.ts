import type { Locale, TErrorResponse, TTokens } from '@dossier/contract';
import { ErrorCode, LANGUAGE_HEADER, REQUEST_TIMEOUT_MS } from '@dossier/contract';
import i18next from 'i18next';
import { resolveLocale } from '../app/locale.ts';
import type { ExpiredAt } from './expiry-relay.ts';
import { createExpiryRelay } from './expiry-relay.ts';
import type { RefreshResult } from './session.ts';
import { createSessionManager, SessionExpiredError } from './session.ts';

/**
 * The one HTTP client of the web app (spec §7): base /api, 60 s timeout, `Language` header, JSON in and out,
 * and every non-2xx shown to the user with the server's `msg` before it is thrown as an ApiError.
 * When logged in, every request carries `Authorization: Bearer <access_token>`; an expired access token is
 * renewed first (or after a 401 `token_expired`) by the session (session.ts), and a session that cannot be
 * renewed ends with the "login expired" warning and /login (SessionBridge).
 */

export const API_BASE = '/api';

/** Codes for failures that never reached the server, so they carry no server `code`. */
export const CLIENT_ERROR_CODE = {
  network: 'network_error',
  timeout: 'timeout',
  invalidResponse: 'invalid_response',
  /** The session ended while the request waited; the "login expired" warning has been shown instead. */
  sessionExpired: 'session_expired',
} as const;

/** The server's answer to an expired access token. */
export const TOKEN_EXPIRED_CODE = 'token_expired';
/** The server's answer to an access token whose session ended (logout, phone change elsewhere, deletion). */
export const SESSION_ENDED_CODE = 'session_expired';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /**
   * `status` is 0 when no HTTP answer arrived (network failure, timeout). `body` is the whole error answer, for
   * the fields some refusals add to `{ code, msg }` (the per-item `issues` of a form, `current_version`).
   */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

type ErrorNotifier = (text: string) => void;

/** Same text, same key: a retried request updates its message instead of stacking copies. */
export function errorMessageKey(text: string): string {
  return `api-error:${text}`;
}

// Bound before the first render by app/providers.tsx (lazily loaded antd message), then by ApiMessageBridge;
// the client itself imports no antd, so the home page's entry stays small.
let notifyError: ErrorNotifier = (text) => console.error(text);

/** Called by app/providers.tsx, then by ApiMessageBridge with the message API of antd's <App>. */
export function setErrorNotifier(notifier: ErrorNotifier): void {
  notifyError = notifier;
}

type QueryValue = string | number | boolean | undefined;

/** Structural so the client does not import zod itself: any contract schema fits. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Cancels the request (React Query passes one); a cancelled request shows no message. */
  signal?: AbortSignal;
  schema?: ResponseSchema<T>;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * Error codes the screen shows on its form fields (the contract's `*_FIELD_ERRORS` tables, decision 0017):
   * they are thrown as usual but not toasted, so the message appears once, under the field.
   */
  inlineCodes?: readonly string[];
  /** Reads a successful answer that is not JSON (a file); the default parses JSON. */
  read?: (response: Response) => Promise<unknown>;
  /**
   * A bearer token sent instead of the customer's session (the staff console's `stf_…` token, decision 0032):
   * the customer session is neither read nor renewed, and a 401 is an ordinary refusal.
   */
  bearer?: string | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function currentLocale(): Locale {
  return resolveLocale(i18next.resolvedLanguage ?? i18next.language);
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function buildHeaders(
  hasBody: boolean,
  accessToken: string | null,
  extra: Record<string, string> = {},
): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json', [LANGUAGE_HEADER]: currentLocale() });
  if (hasBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  return headers;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

// ── Session (spec §4 Session and tokens): tokens are read and renewed here and in session.ts only. ──────────

/** POST /auth/token/refresh/ outside `request()`: its refusal ends the session instead of showing a message. */
async function refreshTokens(refreshToken: string): Promise<RefreshResult> {
  const response = await fetch(buildUrl('/auth/token/refresh/', undefined), {
    method: 'POST',
    headers: buildHeaders(true, null),
    body: JSON.stringify({ refresh_token: refreshToken }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (response.ok) {
    const tokens = await readJson(response);
    if (!isTokens(tokens)) return fail(new ApiError(502, 'http_502', i18next.t('common:api.generic')));
    return { ok: true, tokens };
  }
  // 4xx: the refresh token is expired, revoked or unknown. 5xx: keep the session and let the caller fail.
  if (response.status >= 400 && response.status < 500) return { ok: false };
  // Shown once here, however many requests were waiting for this refresh.
  return fail(await errorFrom(response));
}

const expiry = createExpiryRelay(() =>
  typeof window === 'undefined'
    ? { pathname: '/', search: '' }
    : { pathname: window.location.pathname, search: window.location.search },
);

/** Called by SessionBridge: warning, query cache reset and the redirect to /login. */
export function setSessionExpiredHandler(handler: (at: ExpiredAt) => void): void {
  expiry.setHandler(handler);
}

export const session = createSessionManager({
  storage: typeof window === 'undefined' ? undefined : storage(),
  refresh: refreshTokens,
  onExpired: expiry.notify,
});

function sessionExpiredError(): ApiError {
  return new ApiError(401, CLIENT_ERROR_CODE.sessionExpired, i18next.t('account:session.expired'));
}

/** Refusals thrown without a toast because the caller said its form shows them (`inlineCodes`). */
const untoasted = new WeakSet<ApiError>();

/**
 * Toasts a refusal the client threw without a toast (one of the call's `inlineCodes`) when the screen could not
 * show it on a field after all (decision 0017: a `validation` about a field the form does not have). A refusal
 * that was toasted already is not shown twice.
 */
export function toastUnshown(error: ApiError): void {
  if (!untoasted.delete(error)) return;
  notifyError(error.message);
}

function fail(error: ApiError): never {
  notifyError(error.message);
  throw error;
}

// Shape checks by hand for the two answers every page may see (error, refreshed tokens): the contract's zod
// schemas would put the schema library on the home page (JS budget, decision 0009).
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isErrorResponse(body: unknown): body is TErrorResponse {
  return isRecord(body) && typeof body.code === 'string' && typeof body.msg === 'string';
}

export function isTokens(body: unknown): body is TTokens {
  return (
    isRecord(body) &&
    typeof body.access_token === 'string' &&
    typeof body.refresh_token === 'string' &&
    Number.isFinite(body.access_token_expires) &&
    Number.isFinite(body.refresh_token_expires)
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  // A proxy or gateway may answer with HTML; the user still gets a message in their language.
  if (!isErrorResponse(body))
    return new ApiError(response.status, `http_${response.status}`, i18next.t('common:api.generic'));
  return new ApiError(response.status, body.code, body.msg, body);
}

export async function request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { query, body, signal, schema, headers: extraHeaders, inlineCodes, bearer } = options;
  /** A refusal the screen shows on a field is thrown without a toast. */
  const refuse = (error: ApiError): never => {
    if (inlineCodes?.includes(error.code)) {
      untoasted.add(error);
      throw error;
    }
    return fail(error);
  };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    let data: unknown;
    const send = (token: string | null) =>
      fetch(buildUrl(path, query), {
        method,
        headers: buildHeaders(body !== undefined, token, extraHeaders),
        // A Blob (a .docx to import) goes as it is, with the Content-Type the caller set.
        body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
        signal: controller.signal,
      });
    try {
      const token = bearer !== undefined ? bearer : await session.accessToken();
      response = await send(token);
      if (response.status === 401 && token && bearer === undefined) {
        const rejection = await errorFrom(response);
        if (rejection.code === TOKEN_EXPIRED_CODE) {
          // Expired earlier than the device thought (clock skew): renew once, shared, and retry.
          response = await send(await session.renewAfterRejection(token));
        } else if (rejection.code === ErrorCode.unauthorized || rejection.code === SESSION_ENDED_CODE) {
          // The server no longer accepts this session (revoked, account gone).
          session.expire();
          throw sessionExpiredError();
        } else {
          return refuse(rejection);
        }
      }
      if (!response.ok) return refuse(await errorFrom(response));
      data =
        response.status === 204
          ? undefined
          : options.read
            ? await options.read(response)
            : await readJson(response);
    } catch (error) {
      if (error instanceof SessionExpiredError) throw sessionExpiredError();
      if (error instanceof ApiError) throw error;
      if (signal?.aborted && !timedOut) throw error;
      if (timedOut) return fail(new ApiError(0, CLIENT_ERROR_CODE.timeout, i18next.t('common:api.timeout')));
      if (error instanceof SyntaxError) {
        return fail(new ApiError(0, CLIENT_ERROR_CODE.invalidResponse, i18next.t('common:api.generic')));
      }
      return fail(new ApiError(0, CLIENT_ERROR_CODE.network, i18next.t('common:api.network')));
    }
    if (!schema) return data as T;
    try {
      return schema.parse(data);
    } catch {
      return fail(
        new ApiError(response.status, CLIENT_ERROR_CODE.invalidResponse, i18next.t('common:api.generic')),
      );
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

type NoBody<T> = Omit<RequestOptions<T>, 'body'>;

export const api = {
  get: <T>(path: string, options?: NoBody<T>) => request<T>('GET', path, options),
  delete: <T>(path: string, options?: NoBody<T>) => request<T>('DELETE', path, options),
  post: <T>(path: string, body?: unknown, options?: NoBody<T>) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: NoBody<T>) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: NoBody<T>) =>
    request<T>('PUT', path, { ...options, body }),
};

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** A GET whose answer is a file (a filled PDF): same token, language, timeout and messages as any call. */
export function download(path: string, options?: NoBody<DownloadedFile>): Promise<DownloadedFile> {
  return request<DownloadedFile>('GET', path, {
    ...options,
    read: async (response) => ({
      blob: await response.blob(),
      filename: /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null,
    }),
  });
}
