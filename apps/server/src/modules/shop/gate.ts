import {
  BASE_SERVICE,
  ShopErrorCode as E,
  ErrorCode,
  type ProjectCode,
  type ServiceCode,
  ZProjectCode,
} from '@dossier/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { customerIdOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { type ProjectAccess, projectAccess } from './rights.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireEntitlement: the caller's access to the project of this workbench call. */
    workbenchAccess?: ProjectAccess;
  }
}

export interface GateOptions {
  /** A call that changes workbench data: refused once the base service has expired (read-only). */
  write?: boolean;
  /** An add-on the call needs (REVIEW, TRANSLATION, CONSULTATION). */
  service?: ServiceCode;
}

const refuse = (code: string) => new AppError(403, code, `errors:${code}`);

/**
 * The server-side gate of every workbench call (issue 5 §8). Without a base service: 403
 * purchase_required; base expired: reads pass, writes 403 entitlement_expired (read-only, renewal offered);
 * an add-on the call needs and the customer lacks: 403 buy_to_view for reads, purchase_before_use for
 * writes. Use after requireCustomer; the project comes from the request (query, params or a lookup).
 */
export function requireEntitlement(
  ctx: AppContext,
  projectCodeFrom: (
    req: FastifyRequest,
  ) => ProjectCode | string | undefined | Promise<ProjectCode | string | undefined>,
  opts: GateOptions = {},
) {
  return async (req: FastifyRequest): Promise<void> => {
    const customerId = customerIdOf(req);
    const parsed = ZProjectCode.safeParse(await projectCodeFrom(req));
    if (!parsed.success) {
      throw new AppError(400, ErrorCode.validation, 'errors:validation', { field: 'project_code' });
    }
    admit(req, await projectAccess(ctx.db.db, customerId, parsed.data, ctx.clock.now()), opts);
  };
}

/** The gate's decision on access already worked out (`accessFrom`): refuses, or sets req.workbenchAccess. */
export function admit(req: FastifyRequest, access: ProjectAccess | null, opts: GateOptions = {}): void {
  if (!access) throw refuse(E.purchaseRequired);
  if (access.read_only && opts.write) throw refuse(E.entitlementExpired);
  if (opts.service && opts.service !== BASE_SERVICE && !access.services.includes(opts.service)) {
    throw refuse(opts.write ? E.purchaseBeforeUse : E.buyToView);
  }
  req.workbenchAccess = access;
}
