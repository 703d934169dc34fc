import { StaffErrorCode as E, type StaffRole, type StaffSessionStage } from '@dossier/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preSerializationHookHandler,
} from 'fastify';
import type { AppContext } from '../context.ts';
import { auditedPhone, recordAudit, type StaffActor } from '../modules/staff/audit.service.ts';
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
 * A read of customer material declares `config: { staffRead }` and leaves one row when it answers (below).
 */
export type StaffAccess = 'public' | 'session' | readonly StaffRole[];

/**
 * A staff read of customer material (issue 27 item 11; decision 0050): `config: { staffAccess, staffRead }` on a
 * GET route writes one audit row when the read answers (2xx/3xx) — who, when, `action`, `target` with the route's
 * :id ('*' for a list or a search), the query (a phone masked and hashed) and, for a list, the ids and customers
 * it showed. The row is written before the answer leaves: if it cannot be written, the material is not sent. A
 * refused or failed read writes none.
 */
export interface StaffRead {
  /** `task.view`, `order.search`… */
  action: string;
  /** The table read: `service_task`, `shop_order`… */
  target: string;
}

/** What an answered read showed: the rows' ids (a list) and the customers they belong to. */
interface Shown {
  ids: number[] | null;
  customers: number[];
}

export interface StaffPrincipal extends StaffActor {
  staffId: number;
  role: StaffRole;
  stage: StaffSessionStage;
  live: LiveStaffSession;
  /** Set on a staffRead route from the answer, before it is serialised. */
  shown?: Shown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on staff routes (set by requireStaff). */
    staff: StaffPrincipal | null;
  }
  interface FastifyContextConfig {
    staffAccess?: StaffAccess;
    staffRead?: StaffRead;
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

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/** The ids and customer ids of an answer: a page (`results`) or one object. */
function shownIn(payload: unknown): Shown {
  const page = payload as { results?: unknown } | null;
  const list = Array.isArray(page?.results);
  const rows = (list ? (page!.results as unknown[]) : [payload]) as Array<{
    id?: unknown;
    customer_id?: unknown;
  }>;
  return {
    ids: list ? rows.map((r) => r?.id).filter(isInt) : null,
    customers: [...new Set(rows.map((r) => r?.customer_id).filter(isInt))],
  };
}

/** The query of a read as the audit keeps it: a phone searched for masked and hashed, never as typed. */
function auditedQuery(secret: Buffer, query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    out[k] = k === 'phone' && typeof v === 'string' ? auditedPhone(secret, v) : v;
  }
  return out;
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
  // A read of customer material: what it showed is noted from the answer, then the row written before it leaves.
  const noteShown: preSerializationHookHandler<unknown> = (req, _reply, payload, done) => {
    if (req.staff) req.staff.shown = shownIn(payload);
    done(null, payload);
  };
  const auditRead =
    (read: StaffRead): onSendHookHandler =>
    (req, reply, payload, done) => {
      const who = req.staff;
      if (!who || reply.statusCode >= 400) {
        done(null, payload);
        return;
      }
      const id = (req.params as { id?: unknown } | undefined)?.id;
      const shown = who.shown;
      recordAudit(ctx, ctx.db.db, who, {
        action: read.action,
        targetType: read.target,
        targetId: id === undefined ? '*' : String(id),
        detail: {
          query: storableCopy(auditedQuery(ctx.authSecret, req.query)),
          ...(shown?.ids ? { shown: shown.ids } : {}),
          customers: shown?.customers ?? [],
        },
      }).then(
        () => done(null, payload),
        (err: unknown) => done(err as Error),
      );
    };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(STAFF_PREFIX)) return;
    const access = (route.config as { staffAccess?: StaffAccess } | undefined)?.staffAccess;
    if (!access) {
      throw new Error(`${String(route.method)} ${route.url}: a staff route needs config.staffAccess`);
    }
    if (access === 'public') return;
    route.onRequest = [requireStaff(ctx, access), ...hookList(route.onRequest)];
    const read = (route.config as { staffRead?: StaffRead } | undefined)?.staffRead;
    if (read) route.preSerialization = [...hookList(route.preSerialization), noteShown];
    route.onSend = [...hookList(route.onSend), ...(read ? [auditRead(read)] : []), auditUnaudited];
  });
}
