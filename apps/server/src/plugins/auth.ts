import { AccountErrorCode, ErrorCode } from '@dossier/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { isSessionKnownLive, isSessionLive } from '../modules/auth/sessions.service.ts';
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

type Caller = { id: number; sessionId: string };

/** The caller the Authorization header's access token names, or the 401 to answer (no database read). */
function callerOfToken(ctx: AppContext, req: FastifyRequest): Caller | AppError {
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!m) return new AppError(401, ErrorCode.unauthorized);
  const r = verifyRemembered(ctx.authSecret, m[1]!, Math.floor(ctx.clock.now().getTime() / 1000));
  if (!r.ok) {
    return r.reason === 'expired'
      ? new AppError(401, AccountErrorCode.tokenExpired)
      : new AppError(401, ErrorCode.unauthorized);
  }
  return { id: r.customerId, sessionId: r.sessionId };
}

const sessionEnded = () => new AppError(401, AccountErrorCode.sessionExpired);

/**
 * onRequest hook for protected scopes: `Authorization: Bearer <access token>`. Missing or tampered →
 * 401 `unauthorized`; expired → 401 `token_expired` (the client refreshes and retries); its session ended
 * (logout, phone change elsewhere, account deletion) → 401 `session_expired`, at once: one primary-key
 * query per request (decision 0010), none while this process knows the session live (decision 0040).
 * Callback-style, so a request whose session is known costs no promise (decision 0046); code that awaits the
 * check uses `checkCustomer`.
 */
export function requireCustomer(ctx: AppContext): onRequestHookHandler {
  return (req, _reply, done) => {
    const caller = callerOfToken(ctx, req);
    if (caller instanceof AppError) {
      done(caller);
      return;
    }
    const session = { customerId: caller.id, sessionId: caller.sessionId };
    if (isSessionKnownLive(ctx, session)) {
      req.customer = caller;
      done();
      return;
    }
    isSessionLive(ctx, session).then((live) => {
      if (!live) {
        done(sessionEnded());
        return;
      }
      req.customer = caller;
      done();
    }, done);
  };
}

/** requireCustomer's check, to await inside another hook. */
export function checkCustomer(ctx: AppContext) {
  return async (req: FastifyRequest): Promise<void> => {
    const caller = callerOfToken(ctx, req);
    if (caller instanceof AppError) throw caller;
    if (!(await isSessionLive(ctx, { customerId: caller.id, sessionId: caller.sessionId })))
      throw sessionEnded();
    req.customer = caller;
  };
}

/**
 * onRequest hook for calls visitors may make too: without an Authorization header the caller is a visitor
 * (`req.customer` stays null); with one, it must be valid (a bad or expired token is a 401, never a silent
 * downgrade to visitor).
 */
export function optionalCustomer(ctx: AppContext): onRequestHookHandler {
  const required = requireCustomer(ctx);
  return function (this: FastifyInstance, req, reply, done) {
    if (req.headers.authorization !== undefined) required.call(this, req, reply, done);
    else done();
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
