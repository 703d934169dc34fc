import { AccountErrorCode, ErrorCode } from '@dossier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated customer on protected routes (set by requireCustomer). */
    customer: { id: number } | null;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('customer', null);
}

/**
 * onRequest hook for protected scopes: `Authorization: Bearer <access token>`. Missing or tampered →
 * 401 `unauthorized`; expired → 401 `token_expired` (the client refreshes and retries).
 */
export function requireCustomer(ctx: AppContext) {
  return async (req: FastifyRequest): Promise<void> => {
    const header = req.headers.authorization;
    const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!m) throw new AppError(401, ErrorCode.unauthorized);
    const r = verifyAccessToken(ctx.authSecret, m[1]!, Math.floor(ctx.clock.now().getTime() / 1000));
    if (!r.ok) {
      throw r.reason === 'expired'
        ? new AppError(401, AccountErrorCode.tokenExpired)
        : new AppError(401, ErrorCode.unauthorized);
    }
    req.customer = { id: r.customerId };
  };
}

/** The caller's id inside a scope guarded by requireCustomer. */
export function customerIdOf(req: FastifyRequest): number {
  if (!req.customer) throw new AppError(401, ErrorCode.unauthorized);
  return req.customer.id;
}
