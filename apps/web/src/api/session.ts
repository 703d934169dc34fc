import type { TTokens } from '@dossier/contract';
import { fuzzyPhone } from '@dossier/contract';
import sessionKeys from './session-keys.json' with { type: 'json' };

/**
 * The client session (spec §3 Tokens, §4 Session and tokens). This module and client.ts are the only places
 * that touch tokens. The rules are pure and take their clock, storage and refresh call as arguments, so they
 * are unit-tested in node (apps/web/test/session.test.ts).
 */

/**
 * localStorage keys of the session, in a JSON file so the journeys (e2e/accounts-support.ts) and the workbench
 * Lighthouse bench (a plain .mjs) read the same ones.
 */
export const SESSION_KEYS = sessionKeys;

/**
 * A token this close to its expiry is treated as expired, so it does not run out between the check and the
 * server reading it (clock skew, slow networks).
 */
export const EXPIRY_MARGIN_SECONDS = 10;

export interface Session extends TTokens {
  area_code: string;
  phone: string;
  fuzzy_phone: string;
}

/** Why the last session on this page ended: the personal-centre guard stays quiet after a deliberate end. */
export type SessionEndReason = 'logout' | 'expired' | null;

export interface SessionSnapshot {
  session: Session | null;
  endReason: SessionEndReason;
}

export type TokenDecision =
  /** No session: send the request without a token. */
  | 'anonymous'
  /** The access token is good: attach it. */
  | 'use'
  /** The access token has expired, the refresh token has not: renew first. */
  | 'refresh'
  /** Both have expired: the session is over. */
  | 'expired';

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function isExpired(expiresAt: number, now: number, margin = EXPIRY_MARGIN_SECONDS): boolean {
  return !Number.isFinite(expiresAt) || expiresAt - margin <= now;
}

export function decideToken(session: Session | null, now: number): TokenDecision {
  if (!session) return 'anonymous';
  if (!isExpired(session.access_token_expires, now)) return 'use';
  if (!isExpired(session.refresh_token_expires, now)) return 'refresh';
  return 'expired';
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads the stored session; anything missing or malformed counts as no session. */
export function readSession(storage: KeyValueStorage | undefined): Session | null {
  try {
    if (!storage) return null;
    const get = (key: string) => storage.getItem(key);
    const access = get(SESSION_KEYS.accessToken);
    const refresh = get(SESSION_KEYS.refreshToken);
    const accessExpires = Number(get(SESSION_KEYS.accessTokenExpires));
    const refreshExpires = Number(get(SESSION_KEYS.refreshTokenExpires));
    if (!access || !refresh || !Number.isFinite(accessExpires) || !Number.isFinite(refreshExpires))
      return null;
    const phone = get(SESSION_KEYS.phone) ?? '';
    return {
      access_token: access,
      access_token_expires: accessExpires,
      refresh_token: refresh,
      refresh_token_expires: refreshExpires,
      area_code: get(SESSION_KEYS.areaCode) ?? '',
      phone,
      fuzzy_phone: get(SESSION_KEYS.fuzzyPhone) ?? fuzzyPhone(phone),
    };
  } catch {
    return null;
  }
}

export function writeSession(storage: KeyValueStorage | undefined, session: Session): void {
  try {
    if (!storage) return;
    storage.setItem(SESSION_KEYS.accessToken, session.access_token);
    storage.setItem(SESSION_KEYS.accessTokenExpires, String(session.access_token_expires));
    storage.setItem(SESSION_KEYS.refreshToken, session.refresh_token);
    storage.setItem(SESSION_KEYS.refreshTokenExpires, String(session.refresh_token_expires));
    storage.setItem(SESSION_KEYS.areaCode, session.area_code);
    storage.setItem(SESSION_KEYS.phone, session.phone);
    storage.setItem(SESSION_KEYS.fuzzyPhone, session.fuzzy_phone);
  } catch {
    // Not kept on this device (private mode): the session lasts as long as the page.
  }
}

/** Removes the session keys only: the remembered language stays. */
export function clearSessionStorage(storage: KeyValueStorage | undefined): void {
  try {
    for (const key of Object.values(SESSION_KEYS)) storage?.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as (keyof Session)[]).every((key) => a[key] === b[key]);
}

/** What the refresh call answers: new tokens, or a refusal (the refresh token is no longer accepted). */
export type RefreshResult = { ok: true; tokens: TTokens } | { ok: false };

export interface SessionManagerOptions {
  storage: KeyValueStorage | undefined;
  /** POST /auth/token/refresh/. Throws on network failure (the session is kept); resolves a refusal. */
  refresh: (refreshToken: string) => Promise<RefreshResult>;
  /** Called once each time the session ends because it expired (warning, reset, redirect). */
  onExpired: () => void;
  now?: () => number;
}

/** Thrown to requests that were waiting for a session that turned out to be over. */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}

export interface SessionManager {
  snapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** After login: store tokens and the phone. */
  start(tokens: TTokens, customer: { area_code: string; phone: string; fuzzy_phone?: string }): void;
  /** After a phone change: the masked phone on the device follows. */
  updatePhone(customer: { area_code: string; phone: string; fuzzy_phone?: string }): void;
  /** Ends the session deliberately (log out, account deleted). */
  end(reason: Exclude<SessionEndReason, null>): void;
  /**
   * The token to attach to the next request: null when not logged in. Renews an expired access token first
   * (one refresh shared by every waiting request); throws SessionExpiredError when the session is over.
   */
  accessToken(): Promise<string | null>;
  /**
   * The server said `token_expired` for `rejected`: renew (unless another request already did) and return the
   * token to retry with. Throws SessionExpiredError when renewal is refused.
   */
  renewAfterRejection(rejected: string): Promise<string>;
  /** Ends the session because the server no longer accepts it. */
  expire(): void;
  /** Re-reads storage (another tab logged in or out). */
  reload(): void;
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { storage, refresh, onExpired } = options;
  const now = options.now ?? nowSeconds;
  const listeners = new Set<() => void>();
  let current: SessionSnapshot = { session: readSession(storage), endReason: null };
  let inFlight: Promise<string> | null = null;

  function publish(next: SessionSnapshot): void {
    current = next;
    for (const listener of listeners) listener();
  }

  /**
   * Device storage is the source of truth: another tab may have renewed (rotating the refresh token) or logged
   * out. Read before every use; cheap next to a request.
   */
  function sync(): void {
    if (!storage) return;
    const stored = readSession(storage);
    if (sameSession(stored, current.session)) return;
    publish({ session: stored, endReason: stored ? null : (current.endReason ?? 'logout') });
  }

  function end(reason: Exclude<SessionEndReason, null>): void {
    clearSessionStorage(storage);
    publish({ session: null, endReason: reason });
  }

  function expire(): void {
    // Several requests may notice at once: only the first one warns and redirects.
    if (!current.session) return;
    end('expired');
    onExpired();
  }

  function renew(): Promise<string> {
    if (inFlight) return inFlight;
    const session = current.session;
    if (!session) return Promise.reject(new SessionExpiredError());
    const attempt = (async () => {
      const result = await refresh(session.refresh_token);
      if (!result.ok) {
        expire();
        throw new SessionExpiredError();
      }
      // The user may have logged out while the refresh was on its way.
      if (current.session?.refresh_token !== session.refresh_token) throw new SessionExpiredError();
      const next: Session = { ...session, ...result.tokens };
      writeSession(storage, next);
      publish({ session: next, endReason: null });
      return next.access_token;
    })();
    inFlight = attempt;
    const clear = () => {
      if (inFlight === attempt) inFlight = null;
    };
    attempt.then(clear, clear);
    return attempt;
  }

  return {
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(tokens, customer) {
      const session: Session = {
        ...tokens,
        area_code: customer.area_code,
        phone: customer.phone,
        fuzzy_phone: customer.fuzzy_phone ?? fuzzyPhone(customer.phone),
      };
      writeSession(storage, session);
      publish({ session, endReason: null });
    },
    updatePhone(customer) {
      if (!current.session) return;
      const session: Session = {
        ...current.session,
        area_code: customer.area_code,
        phone: customer.phone,
        fuzzy_phone: customer.fuzzy_phone ?? fuzzyPhone(customer.phone),
      };
      writeSession(storage, session);
      publish({ session, endReason: null });
    },
    end,
    async accessToken() {
      if (inFlight) return inFlight;
      sync();
      const decision = decideToken(current.session, now());
      switch (decision) {
        case 'anonymous':
          return null;
        case 'use':
          return current.session!.access_token;
        case 'refresh':
          return renew();
        case 'expired':
          expire();
          throw new SessionExpiredError();
      }
    },
    async renewAfterRejection(rejected) {
      if (inFlight) return inFlight;
      sync();
      const session = current.session;
      if (!session) throw new SessionExpiredError();
      // Another request already renewed: retry with the new token.
      if (session.access_token !== rejected && !isExpired(session.access_token_expires, now()))
        return session.access_token;
      if (isExpired(session.refresh_token_expires, now())) {
        expire();
        throw new SessionExpiredError();
      }
      return renew();
    },
    expire,
    reload: sync,
  };
}
