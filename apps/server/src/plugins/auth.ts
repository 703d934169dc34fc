import { AccountErrorCode, ErrorCode } from '@dossier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { isSessionLive } from '../modules/auth/sessions.service.ts';
import { type VerifyResult, verifyAccessToken } from '../modules/auth/tokens.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated customer and its session on protected routes (set by requireCustomer). */
    customer: { id: number; sessionId: string } | null;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('customer', null);
}

/** Access tokens whose signature was checked, per server secret; the oldest leave first (decision 0042). */
const verifiedBySecret = new WeakMap<Buffer, Map<string, Extract<VerifyResult, { ok: true }>>>();
const VERIFIED_LIMIT = 10_000;

/**
 * verifyAccessToken, with its HMAC done once per token: a client sends the same token on every call for its
 * lifetime. Only tokens that passed are kept, and their expiry is checked against the clock on every call.
 */
export function verifyRemembered(secret: Buffer, token: string, nowSeconds: number): VerifyResult {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.exp > nowSeconds) return known;
    verified.delete(token);
    return { ok: false, reason: 'expired' };
  }
  const r = verifyAccessToken(secret, token, nowSeconds);
  if (r.ok) {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(token, r);
  }
  return r;
}

/**
 * onRequest hook for protected scopes: `Authorization: Bearer <access token>`. Missing or tampered →
 * 401 `unauthorized`; expired → 401 `token_expired` (the client refreshes and retries); its session ended
 * (logout, phone change elsewhere, account deletion) → 401 `session_expired`, at once: one primary-key
 * query per request (decision 0010).
 */
export function requireCustomer(ctx: AppContext) {
  return async (req: FastifyRequest): Promise<void> => {
    const header = req.headers.authorization;
    const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!m) throw new AppError(401, ErrorCode.unauthorized);
    const r = verifyRemembered(ctx.authSecret, m[1]!, Math.floor(ctx.clock.now().getTime() / 1000));
    if (!r.ok) {
      throw r.reason === 'expired'
        ? new AppError(401, AccountErrorCode.tokenExpired)
        : new AppError(401, ErrorCode.unauthorized);
    }
    if (!(await isSessionLive(ctx, { customerId: r.customerId, sessionId: r.sessionId }))) {
      throw new AppError(401, AccountErrorCode.sessionExpired);
    }
    req.customer = { id: r.customerId, sessionId: r.sessionId };
  };
}

/**
 * onRequest hook for calls visitors may make too: without an Authorization header the caller is a visitor
 * (`req.customer` stays null); with one, it must be valid (a bad or expired token is a 401, never a silent
 * downgrade to visitor).
 */
export function optionalCustomer(ctx: AppContext) {
  const required = requireCustomer(ctx);
  return async (req: FastifyRequest): Promise<void> => {
    if (req.headers.authorization !== undefined) await required(req);
  };
}

/** The caller's id inside a scope guarded by requireCustomer. */
export function customerIdOf(req: FastifyRequest): number {
  return sessionOf(req).id;
}

/** The caller and the session of its access token, inside a scope guarded by requireCustomer. */
export function sessionOf(req: FastifyRequest): { id: number; sessionId: string } {
  if (!req.customer) throw new AppError(401, ErrorCode.unauthorized);
  return req.customer;
}
