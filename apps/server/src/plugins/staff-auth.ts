import { StaffErrorCode as E, type StaffRole, type StaffSessionStage } from '@dossier/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { recordAudit, type StaffActor } from '../modules/staff/audit.service.ts';
import { type LiveStaffSession, resolveStaffSession } from '../modules/staff/sessions.service.ts';
import { AppError, errorOf } from './errors.ts';
import { storableCopy } from './input-guard.ts';
import { hookList } from './route-hooks.ts';

/**
 * Staff authorisation (decision 0020). Every route under /api/staff/ declares who may call it in its
 * options, `config: { staffAccess }`:
 *   - 'public'  — no session (the login itself);
 *   - 'session' — any live staff session, whatever its sign-in stage (me, logout, the sign-in steps);
 *   - [roles]   — a full session (every sign-in step passed) of one of these roles.
 * A staff route without a declaration stops the app from starting. Every mutating call of a signed-in
 * staff member leaves an audit row: the service's own (with before/after) or, failing that, one written here.
 */
export type StaffAccess = 'public' | 'session' | readonly StaffRole[];

export interface StaffPrincipal extends StaffActor {
  staffId: number;
  role: StaffRole;
  stage: StaffSessionStage;
  live: LiveStaffSession;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on staff routes (set by requireStaff). */
    staff: StaffPrincipal | null;
  }
  interface FastifyContextConfig {
    staffAccess?: StaffAccess;
  }
}

export const STAFF_PREFIX = '/api/staff/';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** onRequest hook: a live staff session (401 staff_unauthorized) whose role may make this call (403). */
export function requireStaff(ctx: AppContext, access: Exclude<StaffAccess, 'public'>): onRequestHookHandler {
  return async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const live = m ? await resolveStaffSession(ctx, m[1]!) : null;
    if (!live) {
      throw new AppError(401, E.staffUnauthorized, `errors:${E.staffUnauthorized}`);
    }
    req.staff = {
      staffId: live.user.id,
      actor: live.user.username,
      ip: req.ip,
      role: live.user.role as StaffRole,
      stage: live.stage,
      live,
    };
    if (access === 'session') return;
    if (live.stage !== 'ok') throw errorOf(403, E.staffStepRequired);
    if (!access.includes(req.staff.role)) {
      req.log.warn({ url: req.url, role: req.staff.role }, 'staff call refused for its role');
      throw errorOf(403, E.staffForbidden);
    }
  };
}

/** The staff member of a route guarded by requireStaff. */
export function staffOf(req: FastifyRequest): StaffPrincipal {
  if (!req.staff) throw new AppError(401, E.staffUnauthorized, `errors:${E.staffUnauthorized}`);
  return req.staff;
}

export function registerStaffAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('staff', null);
  // The call-level audit row of a mutating staff call no service audited (refused, invalid, failed…). On the
  // staff routes only: a route with no onSend hook skips that stage of every answer. Callback-style: a read
  // passes straight through, without a promise.
  const auditUnaudited: onSendHookHandler = (req, reply, payload, done) => {
    const who = req.staff;
    if (!who || who.audited || !MUTATING.has(req.method)) {
      done(null, payload);
      return;
    }
    recordAudit(ctx, ctx.db.db, who, {
      action: `${req.method} ${req.routeOptions.url}`,
      targetType: 'request',
      targetId: req.url.slice(0, 300),
      // A refused call's parameters may hold what jsonb cannot store (issue 10, item 16).
      detail: { status: reply.statusCode, params: storableCopy(req.params ?? null) },
    })
      .catch((err: unknown) => req.log.error({ err }, 'staff audit row not written'))
      .finally(() => done(null, payload));
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(STAFF_PREFIX)) return;
    const access = (route.config as { staffAccess?: StaffAccess } | undefined)?.staffAccess;
    if (!access) {
      throw new Error(`${String(route.method)} ${route.url}: a staff route needs config.staffAccess`);
    }
    if (access === 'public') return;
    route.onRequest = [requireStaff(ctx, access), ...hookList(route.onRequest)];
    route.onSend = [...hookList(route.onSend), auditUnaudited];
  });
}
