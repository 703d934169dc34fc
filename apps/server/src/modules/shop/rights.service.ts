import {
  BASE_SERVICE,
  isAddon,
  type Locale,
  PROJECT_WORKBENCH_PATH,
  type ProjectCode,
  type ServiceCode,
  TASK_STATUSES,
  type TRight,
  type TWorkbenchAccess,
} from '@dossier/contract';
import { and, asc, desc, eq, gt, inArray, max } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { entitlement, orderItem, product, project, serviceTask, shopOrder } from '../../db/schema/index.ts';
import { localName } from './catalogue.service.ts';
import type { OrderRow } from './order-transitions.ts';
import { appendPlanRecord, ensurePlan } from './plan.service.ts';
import { addMonths } from './pricing.ts';

/** Services of a project the customer holds right now (entitlement not yet expired). */
export async function activeServices(
  db: Db,
  customerId: number,
  projectId: number,
  now: Date,
): Promise<Set<ServiceCode>> {
  const rows = await db
    .selectDistinct({ service: entitlement.service })
    .from(entitlement)
    .where(
      and(
        eq(entitlement.customerId, customerId),
        eq(entitlement.projectId, projectId),
        gt(entitlement.expiresAt, now),
      ),
    );
  return new Set(rows.map((r) => r.service as ServiceCode));
}

/** The latest expiry of the customer's base service for a project (past or future), or null if never bought. */
export async function baseExpiry(db: Db, customerId: number, projectId: number): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(entitlement.expiresAt) })
    .from(entitlement)
    .where(
      and(
        eq(entitlement.customerId, customerId),
        eq(entitlement.projectId, projectId),
        eq(entitlement.service, BASE_SERVICE),
      ),
    );
  const until = row?.until ?? null;
  // node-postgres answers max(timestamptz) as a Date, PGlite may answer a string.
  return until === null ? null : new Date(until as unknown as string);
}

export interface ProjectAccess extends TWorkbenchAccess {
  projectId: number;
}

/**
 * The customer's access to a project's workbench: null without any base service; read-only once the
 * last base period has ended. `services` lists the services active now, or every service bought when the
 * base has expired (what the read-only workbench may still show).
 */
export async function projectAccess(
  db: Db,
  customerId: number,
  projectCode: ProjectCode,
  now: Date,
): Promise<ProjectAccess | null> {
  // One query (this gate runs on every workbench call): the customer's entitlements in the project.
  const rows = await db
    .select({
      projectId: entitlement.projectId,
      service: entitlement.service,
      expiresAt: entitlement.expiresAt,
    })
    .from(entitlement)
    .innerJoin(project, eq(entitlement.projectId, project.id))
    .where(and(eq(entitlement.customerId, customerId), eq(project.code, projectCode)));
  return accessFrom(rows, projectCode, now);
}

/** An entitlement as the gate reads it. */
export interface HeldService {
  projectId: number;
  service: string;
  expiresAt: Date;
}

/** projectAccess from the customer's entitlements in the project, for a caller that read them itself. */
export function accessFrom(
  rows: readonly HeldService[],
  projectCode: ProjectCode,
  now: Date,
): ProjectAccess | null {
  const base = rows.filter((r) => r.service === BASE_SERVICE);
  if (base.length === 0) return null;
  const until = new Date(Math.max(...base.map((r) => r.expiresAt.getTime())));
  const active = until > now;
  const held = new Set(rows.filter((r) => !active || r.expiresAt > now).map((r) => r.service as ServiceCode));
  return {
    projectId: base[0]!.projectId,
    project_code: projectCode,
    status: active ? 'active' : 'expired',
    expires_at: until.toISOString(),
    read_only: !active,
    services: (['DIY_STANDARD', 'REVIEW', 'TRANSLATION', 'CONSULTATION'] as const).filter((s) => held.has(s)),
  };
}

export interface Granted {
  services: ServiceCode[];
  /** When the base (or, for add-ons only, the bound base) ends. */
  until: Date;
  projectId: number;
}

/**
 * Activates a paid order inside the payment's transaction: one entitlement per order item (the unique
 * order_item_id makes a second activation a no-op), the plan on the first base service, and a plan
 * record per new entitlement. The base runs 18 months from now, or from the end of a base period still
 * running (a payment that completes a second base order never shortens anything); add-ons end with the
 * base they are bound to.
 */
export async function grantEntitlements(db: Db, order: OrderRow, now: Date): Promise<Granted | null> {
  const customerId = order.customerId;
  if (customerId === null) return null; // an erased account: the payment is kept and flagged, nothing granted
  const items = await db
    .select({ item: orderItem, p: product })
    .from(orderItem)
    .innerJoin(product, eq(orderItem.productId, product.id))
    .where(eq(orderItem.orderId, order.id))
    .orderBy(asc(product.position), asc(orderItem.id));
  if (items.length === 0) return null;
  const previousBase = await baseExpiry(db, customerId, order.projectId);
  const baseItem = items.find((i) => !isAddon(i.item.service as ServiceCode));
  let until: Date;
  let baseStart = now;
  if (baseItem) {
    baseStart = previousBase && previousBase > now ? previousBase : now;
    until = addMonths(baseStart, baseItem.p.durationMonths ?? 18);
  } else {
    // Add-ons bound to the running base; if it ended meanwhile they end with it (staff may refund).
    until = previousBase && previousBase > now ? previousBase : now;
  }
  const [pr] = await db.select().from(project).where(eq(project.id, order.projectId));
  const planId = await ensurePlan(db, { customerId, project: pr!, now });
  const granted: ServiceCode[] = [];
  for (const { item } of items) {
    const service = item.service as ServiceCode;
    const isBase = !isAddon(service);
    const [row] = await db
      .insert(entitlement)
      .values({
        customerId,
        projectId: order.projectId,
        service,
        orderItemId: item.id,
        startsAt: isBase ? baseStart : now,
        expiresAt: until,
        taskStatus: service === 'REVIEW' || service === 'TRANSLATION' ? 'can_submit' : null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: entitlement.orderItemId })
      .returning({ id: entitlement.id });
    if (!row) continue;
    granted.push(service);
    await appendPlanRecord(db, {
      planId,
      now,
      key: isBase ? (previousBase ? 'plan_record_renewed' : 'plan_record_activated') : 'plan_record_addon',
      // The instant, not its UTC date: the screen shows it in the reader's time zone (decision 0017).
      params: { service, order_no: order.orderNo, until: until.toISOString() },
    });
  }
  return granted.length > 0 ? { services: granted, until, projectId: order.projectId } : null;
}

/** GET /api/customer/customer/my_rights/: every entitlement, newest first. */
export async function myRights(ctx: AppContext, customerId: number, locale: Locale): Promise<TRight[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.db
    .select({
      e: entitlement,
      orderNo: shopOrder.orderNo,
      projectCode: project.code,
      p: product,
      task: { status: serviceTask.status, submittedAt: serviceTask.submittedAt },
    })
    .from(entitlement)
    .leftJoin(serviceTask, eq(serviceTask.id, entitlement.id))
    .innerJoin(orderItem, eq(entitlement.orderItemId, orderItem.id))
    .innerJoin(shopOrder, eq(orderItem.orderId, shopOrder.id))
    .innerJoin(project, eq(entitlement.projectId, project.id))
    .innerJoin(product, eq(orderItem.productId, product.id))
    .where(eq(entitlement.customerId, customerId))
    .orderBy(desc(entitlement.createdAt), desc(entitlement.id));
  // The review / translation task (modules/tasks) holds the request's state once it exists.
  return rows.map(({ e, orderNo, projectCode, p, task }) => ({
    id: e.id,
    project_code: projectCode as ProjectCode,
    service: e.service as ServiceCode,
    name: localName(p, locale),
    status: e.expiresAt > now ? 'active' : 'expired',
    starts_at: e.startsAt.toISOString(),
    expires_at: e.expiresAt.toISOString(),
    order_no: orderNo,
    task_status: (TASK_STATUSES as readonly string[]).includes(task?.status ?? e.taskStatus ?? '')
      ? ((task?.status ?? e.taskStatus) as TRight['task_status'])
      : null,
    submitted_at: (task?.submittedAt ?? e.submittedAt)?.toISOString() ?? null,
  }));
}

/** GET /api/customer/customer/my_bought_project_services/: one row per project with a base service. */
export async function boughtProjectServices(ctx: AppContext, customerId: number) {
  const db = ctx.db.db;
  const now = ctx.clock.now();
  const projects = await db
    .selectDistinct({ id: project.id, code: project.code, position: project.position })
    .from(entitlement)
    .innerJoin(project, eq(entitlement.projectId, project.id))
    .where(and(eq(entitlement.customerId, customerId), inArray(entitlement.service, [BASE_SERVICE])))
    .orderBy(asc(project.position), asc(project.id));
  const out = [];
  for (const pr of projects) {
    const code = pr.code as ProjectCode;
    const access = await projectAccess(db, customerId, code, now);
    if (!access) continue;
    out.push({
      project_id: pr.id,
      project_code: code,
      workbench_path: PROJECT_WORKBENCH_PATH[code],
      services: access.services,
      status: access.status,
      expires_at: access.expires_at,
      read_only: access.read_only,
    });
  }
  return out;
}
